/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The sponsor's thank-you island (issue 17, decision 019 "Logos and display"): the display name
 * and website (`PUT /public/sponsorships/{publicId}`), the logo upload (`POST .../logo`, multipart
 * `file`), and the logo's status (waiting for approval; rejected with the reason, upload again;
 * approved). Paid units only: before the payment completes it says so.
 */
import { useState } from 'preact/hooks';
import { isApiFailure } from '../checkout/api';
import { Field } from '../checkout/Field';
import { type Strings, sayFrom } from '../checkout/strings';
import { type BuyerSponsorship, saveSponsorDetails, uploadSponsorLogo } from './api';

export interface SponsorDetailsProps {
  publicId: string;
  paid: boolean;
  displayName: string;
  website: string;
  logoUrl: string | null;
  logoStatus: BuyerSponsorship['logoStatus'];
  logoRejectReason: string | null;
  /** `site.sponsorship.thanks.*` as `thanks.*`. */
  strings: Strings;
}

type Note = { tone: 'info' | 'error'; text: string } | null;

export function SponsorDetails(p: SponsorDetailsProps) {
  const say = sayFrom(p.strings);
  const [name, setName] = useState(p.displayName);
  const [website, setWebsite] = useState(p.website);
  const [errors, setErrors] = useState<{ displayName?: string; website?: string }>({});
  const [logo, setLogo] = useState({ url: p.logoUrl, status: p.logoStatus, reason: p.logoRejectReason });
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [file, setFile] = useState<File | null>(null);

  if (!p.paid)
    return (
      <p class="pay-notice pay-info" data-testid="sponsor-not-paid">
        {say('thanks.notPaid')}
      </p>
    );

  const failure = (err: unknown) => {
    const fieldErrors: typeof errors = {};
    if (isApiFailure(err))
      for (const fe of err.fieldErrors) {
        const field = fe.path.replace(/^body\./, '');
        if (field === 'displayName' || field === 'website') fieldErrors[field] = fe.message;
      }
    setErrors(fieldErrors);
    setNote({ tone: 'error', text: (isApiFailure(err) && err.message) || say('thanks.error') });
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (saving) return;
    setNote(null);
    setErrors({});
    setSaving(true);
    try {
      const w = website.trim();
      await saveSponsorDetails(p.publicId, { displayName: name.trim(), website: w ? w : null });
      setNote({ tone: 'info', text: say('thanks.saved') });
    } catch (err) {
      failure(err);
    } finally {
      setSaving(false);
    }
  };

  const upload = async (e: Event) => {
    e.preventDefault();
    if (uploading || !file) return;
    setNote(null);
    setUploading(true);
    try {
      const answer = await uploadSponsorLogo(p.publicId, file);
      setLogo({ url: answer.logoUrl, status: answer.logoStatus, reason: answer.logoRejectReason });
    } catch (err) {
      failure(err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div class="pay-stack">
      <form class="pay-stack" noValidate onSubmit={save} aria-labelledby="sponsor-details-title">
        <h2 id="sponsor-details-title">{say('thanks.detailsTitle')}</h2>
        <Field
          id="sponsor-display-name"
          label={say('thanks.displayName')}
          value={name}
          onValue={setName}
          error={errors.displayName}
          autoComplete="organization"
          maxLength={120}
          required
        />
        <Field
          id="sponsor-website"
          label={say('thanks.website')}
          value={website}
          onValue={setWebsite}
          error={errors.website}
          autoComplete="url"
          placeholder="https://"
          maxLength={300}
        />
        <button type="submit" class="button primary" disabled={saving} data-testid="sponsor-save">
          {saving ? say('thanks.saving') : say('thanks.save')}
        </button>
      </form>
      <form class="pay-stack" onSubmit={upload} aria-labelledby="sponsor-logo-title">
        <h2 id="sponsor-logo-title">{say('thanks.logoTitle')}</h2>
        <p class="sp-muted" data-testid="sponsor-logo-status" data-status={logo.status}>
          {say(`thanks.status.${logo.status}`, { reason: logo.reason ?? '' })}
        </p>
        {logo.url && <img class="sp-logo sp-logo-silver" src={logo.url} alt="" />}
        {logo.status !== 'approved' && (
          <>
            <label for="sponsor-logo-file">{say('thanks.logoFile')}</label>
            <input
              id="sponsor-logo-file"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="sponsor-logo-file"
              onChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null)}
            />
            <button type="submit" class="button" disabled={uploading || !file} data-testid="sponsor-upload">
              {uploading ? say('thanks.uploading') : say('thanks.upload')}
            </button>
          </>
        )}
      </form>
      {note && (
        <p
          class={`pay-notice ${note.tone === 'error' ? 'pay-error' : 'pay-info'}`}
          role="status"
          data-testid="sponsor-note"
        >
          {note.text}
        </p>
      )}
    </div>
  );
}
