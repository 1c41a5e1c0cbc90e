import { IMPORT_KINDS, ORG_STATUSES, type OrgTypeId } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en/console.json';
import es from '../../../../locales/es/console.json';
import { childTypesOf, listPath, slugify, typeName, viewPath } from './orgTypes';

type Tree = { [key: string]: string | Tree };
const has = (tree: Tree, key: string) =>
  typeof key
    .split('.')
    .reduce<Tree | string | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), tree) ===
  'string';

describe('org types', () => {
  it('maps type ids to routes', () => {
    expect(listPath(3)).toBe('/orgs/teams/list');
    expect(viewPath(4, 12)).toBe('/orgs/divisions/view/12');
    expect(viewPath(1, 1)).toBe('/orgs/organizations/view/1');
  });

  it('follows the type rules for children', () => {
    expect(childTypesOf(1)).toEqual([2, 3]);
    expect(childTypesOf(2)).toEqual([3]);
    expect(childTypesOf(3)).toEqual([4]);
    expect(childTypesOf(4)).toEqual([]);
  });

  it('suggests slugs the contract accepts', () => {
    expect(slugify('Riverside Rockets U12')).toBe('riverside-rockets-u12');
    expect(slugify('  Águilas de Peñalolén!! ')).toBe('aguilas-de-penalolen');
    expect(slugify(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59));
    expect(slugify('---')).toBe('');
  });

  it('has every dynamic key in both languages', () => {
    const types = ([1, 2, 3, 4] as OrgTypeId[]).map(typeName);
    const keys = [
      ...types.flatMap((n) => [
        `orgTypes.${n}`,
        `orgs.list.title.${n}`,
        `orgs.list.subtitle.${n}`,
        `orgs.list.search.${n}`,
        `orgs.list.empty.${n}`,
        `orgs.add.${n}`,
        `orgs.notFound.title.${n}`,
        `orgs.notFound.back.${n}`,
        `orgs.childrenOf.${n}`,
        `orgs.children.empty.${n}`,
      ]),
      ...ORG_STATUSES.map((s) => `orgs.status.${s}`),
      ...IMPORT_KINDS.flatMap((k) => [
        `orgs.import.kinds.${k}.title`,
        `orgs.import.kinds.${k}.description`,
        `orgs.import.kinds.${k}.open`,
      ]),
      ...['created', 'updated', 'skipped'].map((f) => `orgs.import.figures.${f}`),
      ...['leagues', 'teams', 'divisions', 'players', 'members'].map((f) => `orgs.rollup.${f}`),
    ];
    expect(keys.filter((k) => !has(en as Tree, k))).toEqual([]);
    expect(keys.filter((k) => !has(es as Tree, k))).toEqual([]);
  });
});
