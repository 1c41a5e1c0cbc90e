/**
 * The reminder a family of a player at risk receives (English and Spanish). It goes through the
 * bulk-message template (campaigns/family-messages.ts), which adds the player's page link and
 * who sent it; what to do next depends on why the player is at risk.
 */
import { AT_RISK_RULES, type AtRiskReason } from '@fc/contracts';

type Lang = 'en' | 'es';

interface Facts {
  parentName: string;
  playerFirst: string;
  campaignTitle: string;
}

const TEXT: Record<
  Lang,
  { subject: (f: Facts) => string; hello: (f: Facts) => string; steps: Record<AtRiskReason, string>; end: string }
> = {
  en: {
    subject: (f) => `A quick reminder about ${f.playerFirst}'s page for ${f.campaignTitle}`,
    hello: (f) =>
      `${f.parentName ? `Hi ${f.parentName},` : 'Hi,'}\n\n${f.playerFirst}'s fundraising page for "${f.campaignTitle}" needs a little help. Here is what to do next:`,
    steps: {
      not_accepted:
        '- Accept the campaign invitation we emailed you to open the page (ask us for a new one if it expired).',
      few_contacts: `- Add at least ${AT_RISK_RULES.minContacts} family members or friends as contacts and invite them to give.`,
      nothing_raised: '- Share the page link below with family and friends: the first gift is the hardest.',
    },
    end: 'Thank you for supporting the team!',
  },
  es: {
    subject: (f) => `Un recordatorio sobre la página de ${f.playerFirst} para ${f.campaignTitle}`,
    hello: (f) =>
      `${f.parentName ? `Hola ${f.parentName}:` : 'Hola:'}\n\nLa página de recaudación de ${f.playerFirst} para "${f.campaignTitle}" necesita un poco de ayuda. Esto es lo que puedes hacer:`,
    steps: {
      not_accepted:
        '- Acepta la invitación a la campaña que te enviamos por correo para abrir la página (pídenos una nueva si caducó).',
      few_contacts: `- Agrega al menos ${AT_RISK_RULES.minContacts} familiares o amigos como contactos e invítalos a donar.`,
      nothing_raised:
        '- Comparte el enlace de la página con familiares y amigos: la primera donación es la más difícil.',
    },
    end: '¡Gracias por apoyar al equipo!',
  },
};

/** The subject and message of the reminder in the family's language. */
export function nudgeText(lang: Lang, f: Facts, reasons: AtRiskReason[]) {
  const t = TEXT[lang];
  return {
    subject: t.subject(f),
    message: [t.hello(f), ...reasons.map((r) => t.steps[r]), '', t.end].join('\n'),
  };
}
