import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadPart } from '../i18n';
import { ApiError, errorMessage } from './errors';

describe('errorMessage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps the server sentence in English, details included', () => {
    const err = new ApiError(409, 'kim@example.org is already a member of Riverside.', { code: 'ALREADY_MEMBER' });
    expect(errorMessage(err, 'fallback')).toBe('kim@example.org is already a member of Riverside.');
  });

  it('translates a known code in Spanish and keeps an unknown one as the server wrote it', async () => {
    await i18n.changeLanguage('es');
    expect(errorMessage(new ApiError(409, 'This web address is already in use.', { code: 'SLUG_TAKEN' }), 'x')).toBe(
      'Esta dirección web ya está en uso. Elige otra.',
    );
    expect(errorMessage(new ApiError(400, 'Something specific.', { code: 'NO_SUCH_CODE' }), 'x')).toBe(
      'Something specific.',
    );
  });

  it('falls back for anything that is not an API error', () => {
    expect(errorMessage(new Error('boom'), 'Algo salió mal')).toBe('Algo salió mal');
  });
});

describe('translateImportProblem', () => {
  it('puts the line number and value of an import problem into the Spanish sentence', async () => {
    const { translateImportProblem } = await import('../i18n/validation');
    await loadPart('console');
    await i18n.changeLanguage('es');
    const t = i18n.t.bind(i18n);
    expect(translateImportProblem(t, 'Same player and parent email as line 7')).toBe(
      'Mismo jugador y correo del padre o madre que la línea 7',
    );
    expect(translateImportProblem(t, '"bad" is not an email address')).toBe('«bad» no es un correo electrónico');
    expect(translateImportProblem(t, 'Something new')).toBe('Something new');
    await i18n.changeLanguage('en');
  });
});
