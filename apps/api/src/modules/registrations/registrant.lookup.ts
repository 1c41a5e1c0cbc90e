/**
 * The registration form's look-ups (issue 15): existing organizations and leagues by name or web
 * address (active ones only, the public facts their pages show anyway), and whether a new web
 * address is free, by the orgs module's own rules (`validateUrl`: the slug's shape, the site's
 * reserved words, the addresses in use).
 */
import type { RegistrationOrganization } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { likePattern } from '../../lib/text-search.js';
import { validateUrl } from '../orgs/orgs.service.js';

export async function findOrganizations(app: FastifyInstance, q: string): Promise<RegistrationOrganization[]> {
  const like = likePattern(q);
  const found = await rows<{
    id: number;
    name: string;
    slug: string;
    type_id: number;
    city: string | null;
    region: string | null;
  }>(
    app.db,
    sql`select id, name, slug, type_id, city, region from organizations
      where type_id in (1, 2) and status = 'active' and (name ilike ${like} or slug ilike ${like})
      order by (lower(name) = lower(${q}) or slug = lower(${q})) desc, lower(name), id limit 20`,
  );
  return found.map((o) => ({
    id: Number(o.id),
    name: o.name,
    slug: o.slug,
    type: Number(o.type_id) === 2 ? 'league' : 'organization',
    city: o.city,
    region: o.region,
  }));
}

export async function checkAddress(app: FastifyInstance, slug: string) {
  const r = await validateUrl(app, slug);
  return { available: r.available, reason: r.available ? null : (r.reason ?? 'taken') };
}
