/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The payment pages' fields are controlled: what the page keeps is what the field shows, also
 * when a keystroke changes nothing the page keeps (a letter in the CVC) and Preact has nothing
 * to re-render.
 */
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import { Field } from './Field';
import { formatCardNumber } from './logic';

function Card() {
  const [cvc, setCvc] = useState('');
  const [number, setNumber] = useState('');
  return (
    <>
      <Field id="cvc" label="CVC" value={cvc} onValue={(x) => setCvc(x.replace(/\D/g, '').slice(0, 4))} />
      <Field id="number" label="Number" value={number} onValue={(x) => setNumber(formatCardNumber(x))} />
    </>
  );
}

const type = (id: string, value: string) =>
  act(() => {
    const el = document.getElementById(id) as HTMLInputElement;
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
const fieldText = (id: string) => (document.getElementById(id) as HTMLInputElement).value;

it('shows what the page keeps, even when a keystroke changes nothing', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await act(() => render(<Card />, document.getElementById('root') as HTMLElement));
  await type('cvc', '12');
  await type('cvc', '12a');
  expect(fieldText('cvc')).toBe('12');
  await type('number', '42424242');
  expect(fieldText('number')).toBe('4242 4242');
  await type('number', '4242 4242x');
  expect(fieldText('number')).toBe('4242 4242');
});
