export interface LintResult {
  failed: boolean;
  output: string;
}

export function biomeFixtures(prefix: string): {
  lint(path: string, source: string): LintResult;
  dispose(): void;
};
