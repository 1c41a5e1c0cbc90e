/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * A select's options in the registration steps: first "choose…" (empty, so a required select
 * stays unanswered until a choice is made), then one option per choice with its label.
 */
export function choiceOptions<V extends string>(
  choose: string,
  choices: readonly V[],
  label: (choice: V) => string = (choice) => choice,
) {
  return [
    <option value="" key="">
      {choose}
    </option>,
    ...choices.map((c) => (
      <option value={c} key={c}>
        {label(c)}
      </option>
    )),
  ];
}
