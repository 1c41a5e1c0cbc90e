/** C: the player page's behaviour on the server's markup (no runtime, no hydration). */
import { MAX_DONATION_CENTS, MIN_DONATION_CENTS, coverFeeCents } from '../../../../packages/contracts/src/donation-rules';
import { formatMoney } from '../../../../packages/contracts/src/money';
import { parseMoney } from '../../../../packages/contracts/src/money-parse';
import { makeT, type Messages } from '../lib/t';

interface Base { m: Messages; lng: string }
const $ = <T extends Element>(root: ParentNode, sel: string) => root.querySelector(sel) as T;

export function amount(root: HTMLElement, { m, lng }: Base) {
  const t = makeT(m, lng);
  const form = $<HTMLFormElement>(root, 'form');
  const other = $<HTMLInputElement>(root, '#amount-other');
  const field = other.parentElement as HTMLElement;
  const err = $<HTMLElement>(root, '#amount-error');
  const cover = $<HTMLInputElement>(root, 'input[name=cover]');
  const total = $<HTMLElement>(root, '.total');
  const submit = $<HTMLButtonElement>(root, 'button[type=submit]');
  const update = () => {
    const chosen = $<HTMLInputElement | null>(form, 'input[name=amount]:checked');
    for (const l of root.querySelectorAll('.chip')) l.classList.toggle('on', l.contains(chosen));
    const isOther = chosen?.value === 'other';
    field.hidden = !isOther;
    const parsed = isOther ? parseMoney(other.value, lng, { max: MAX_DONATION_CENTS }) : { ok: true as const, cents: Number(chosen?.value) };
    const cents = parsed.ok ? parsed.cents : null;
    const small = cents !== null && cents < MIN_DONATION_CENTS;
    const msg = isOther && other.value && !parsed.ok ? t(`public.checkout.amountProblems.${parsed.error}`) : small ? t('public.checkout.amountProblems.min', { min: formatMoney(MIN_DONATION_CENTS, lng) }) : '';
    err.textContent = msg;
    other.toggleAttribute('aria-invalid', Boolean(msg));
    const fee = cents && !small ? coverFeeCents(cents) : 0;
    ($<HTMLElement>(cover.parentElement as HTMLElement, 'span')).textContent = t('public.checkout.coverFee', { fee: formatMoney(fee, lng) });
    total.textContent = `${t('public.checkout.total')}: ${cents !== null && !small ? formatMoney(cents + (cover.checked ? fee : 0), lng) : '—'}`;
    submit.disabled = cents === null || small;
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
}

export function share(root: HTMLElement, { url, title, m, lng }: Base & { url: string; title: string }) {
  const t = makeT(m, lng);
  const input = $<HTMLInputElement>(root, 'input');
  const button = $<HTMLButtonElement>(root, 'button');
  const status = $<HTMLElement>(root, '[role=status]');
  input.addEventListener('focus', () => input.select());
  button.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.('copy'); }
    button.textContent = t('public.share.copied');
    status.textContent = t('public.share.copiedLong');
    setTimeout(() => { button.textContent = t('public.share.copy'); status.textContent = ''; }, 2500);
  });
  import('../lib/qr').then((q) => q.toSvg(url)).then((svg) => {
    const img = new Image(168, 168);
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    img.alt = t('public.share.qrAlt', { title });
    $<HTMLElement>(root, '.qr').append(img);
  }).catch(() => {});
}

export function theme(button: HTMLElement, { m, lng }: Base) {
  const t = makeT(m, lng);
  const paint = () => {
    const dark = document.documentElement.dataset.theme === 'dark';
    const label = dark ? t('navbar.lightMode') : t('navbar.darkMode');
    button.setAttribute('aria-label', label);
    button.title = label;
    $<SVGPathElement>(button, 'path').setAttribute('d', dark ? 'M12 7a5 5 0 100 10 5 5 0 000-10z' : 'M9 2a10 10 0 1013 13A8 8 0 019 2z');
  };
  button.addEventListener('click', () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    document.cookie = `theme=${next}; path=/; max-age=31536000; samesite=lax`;
    paint();
  });
  paint();
}

export function search(root: HTMLElement, { slug, m, lng }: Base & { slug: string }) {
  const t = makeT(m, lng);
  const input = $<HTMLInputElement>(root, 'input');
  const status = $<HTMLElement>(root, '[aria-live]');
  const list = $<HTMLUListElement>(root, 'ul');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ctl: AbortController | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    ctl?.abort();
    const q = input.value.trim();
    if (!q) { status.textContent = ''; list.hidden = true; return; }
    timer = setTimeout(async () => {
      ctl = new AbortController();
      status.textContent = t('common.loading');
      try {
        const r = await fetch(`/api/v1/public/campaigns/${slug}/players?q=${encodeURIComponent(q)}`, { signal: ctl.signal });
        const { data } = (await r.json()) as { data: { name: string; slug: string; raisedCents: number }[] };
        status.textContent = t('public.leaderboard.found', { count: data.length });
        list.replaceChildren(...data.map((h) => {
          const li = document.createElement('li');
          li.className = 'item';
          const a = document.createElement('a');
          a.href = `/fundraisers/${h.slug}`;
          a.textContent = h.name;
          const s = document.createElement('span');
          s.textContent = formatMoney(h.raisedCents, lng, { whole: true });
          li.append(a, s);
          return li;
        }));
        list.hidden = data.length === 0;
      } catch { /* aborted or offline: the leaderboard stays */ }
    }, 300);
  });
}
