// The checkout under load (issue 5: "the checkout's p99 under 20 concurrent donors"): against a
// running server on the sandbox provider, 20 donors at a time each start a donation
// (POST /public/donations) and pay it with 4242 (POST /public/donations/{id}/confirm, which runs
// the provider event through the webhook handler, the ledger and the receipt). Prints p50/p99 of
// each step and of the whole payment, and the errors. Gives to an existing player page
// (`fundraiser`) or campaign (`campaign`) when named (the scale data set), else to a campaign it
// creates under a new organization. With `addresses`, each donor comes from its own network
// address (X-Forwarded-For; the server must trust it, TRUST_PROXY=1, as behind a load
// balancer): from one address, every donor would queue on that address's checkout limit.

/**
 * @param {string} base @param {Record<string,string>} auth
 * @param {{ donors?: number, rounds?: number, campaign?: string, fundraiser?: string, addresses?: boolean }} o
 */
export async function benchCheckout(base, auth, o = {}) {
  const donors = o.donors ?? 20;
  const rounds = o.rounds ?? 10;
  const json = { ...auth, 'content-type': 'application/json' };
  const from = (i) => (o.addresses ? { 'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` } : {});
  const post = (url, body, headers = { 'content-type': 'application/json' }) =>
    fetch(`${base}/api/v1${url}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => {
      const b = await r.json();
      if (!r.ok) throw new Error(`${url} ${r.status} ${JSON.stringify(b)}`);
      return b;
    });
  const target = o.fundraiser
    ? { fundraiser: o.fundraiser }
    : { campaign: o.campaign ?? (await newCampaign(post, json)) };
  const samples = { start: [], confirm: [], total: [] };
  let errors = 0;
  const one = async (i) => {
    const t0 = performance.now();
    try {
      const headers = { 'content-type': 'application/json', ...from(i) };
      const c = await post(
        '/public/donations',
        {
          ...target,
          amountCents: 2500 + (i % 7) * 100,
          coverFee: i % 2 === 0,
          firstName: 'Bench',
          lastName: `Donor ${i}`,
          email: `bench-${i}@example.test`,
        },
        headers,
      );
      const t1 = performance.now();
      const r = await post(
        `/public/donations/${c.data.donationId}/confirm`,
        { cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        headers,
      );
      if (r.data.result !== 'succeeded') throw new Error(`confirm: ${r.data.result}`);
      const t2 = performance.now();
      samples.start.push(t1 - t0);
      samples.confirm.push(t2 - t1);
      samples.total.push(t2 - t0);
    } catch (err) {
      errors += 1;
      if (errors <= 3) console.error(String(err));
    }
  };
  const started = performance.now();
  for (let r = 0; r < rounds; r++) await Promise.all(Array.from({ length: donors }, (_, k) => one(r * donors + k)));
  const seconds = (performance.now() - started) / 1000;
  const pct = (list, p) => {
    const s = [...list].sort((a, b) => a - b);
    return s.length ? +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1) : null;
  };
  const stat = (list) => ({ p50: pct(list, 50), p99: pct(list, 99) });
  return {
    target,
    addresses: o.addresses ? 'one per donor' : 'one for all donors',
    concurrentDonors: donors,
    donations: donors * rounds,
    errors,
    paymentsPerSecond: +((donors * rounds - errors) / seconds).toFixed(1),
    startMs: stat(samples.start),
    confirmMs: stat(samples.confirm),
    wholePaymentMs: stat(samples.total),
  };
}

async function newCampaign(post, json) {
  const slug = `bench-${Date.now()}`;
  const org = await post('/admin/organization/create', { typeId: 1, name: 'Bench Org', slug: `${slug}-org` }, json);
  const campaign = await post(
    '/campaign/',
    {
      title: 'Bench Drive',
      slug: `${slug}-drive`,
      status: 'active',
      organizationId: org.data.id,
      goalCents: 1_000_000,
    },
    json,
  );
  return campaign.data.slug;
}
