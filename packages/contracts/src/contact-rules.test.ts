/** The public form's zod-free rules say what the server's schema says, field by field. */
import { describe, expect, it } from 'vitest';
import { contactBodySchema } from './contact.js';
import { CONTACT_MESSAGES, type ContactDraft, contactProblems } from './contact-rules.js';

const ok: ContactDraft = {
  name: 'Ana',
  email: 'ana@example.org',
  organization: '',
  message: 'A message of some length.',
};

const cases: Partial<ContactDraft>[] = [
  {},
  { name: '' },
  { name: '   ' },
  { name: 'n'.repeat(100) },
  { name: 'n'.repeat(101) },
  { name: `  ${'n'.repeat(100)}  ` },
  { email: '' },
  { email: 'ana@' },
  { email: ' ana@example.org ' },
  { email: `${'a'.repeat(243)}@example.org` },
  { email: `${'a'.repeat(244)}@example.org` },
  { organization: 'o'.repeat(150) },
  { organization: 'o'.repeat(151) },
  { message: '123456789' },
  { message: '1234567890' },
  { message: '   123456789   ' },
  { message: 'm'.repeat(5000) },
  { message: 'm'.repeat(5001) },
];

describe('contactProblems mirrors contactBodySchema', () => {
  it.each(cases)('%j', (over) => {
    const draft = { ...ok, ...over };
    const problems = contactProblems(draft);
    const parsed = contactBodySchema.safeParse(draft);
    const server = Object.fromEntries(
      (parsed.success ? [] : parsed.error.issues).map((i) => [String(i.path[0]), i.message]),
    );
    const client = Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [
        field,
        (CONTACT_MESSAGES as Record<string, Record<string, string>>)[field]?.[problem],
      ]),
    );
    expect(client).toEqual(server);
  });
});
