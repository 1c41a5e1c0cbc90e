/** A player page's data, as the API's public fundraiser answer would give it (50 supporters, top 10). */
export interface Supporter { name: string | null; amountCents: number | null; message: string | null; at: string }
export interface Entry { name: string; slug: string; avatarUrl: string | null; raisedCents: number; goalCents: number; donors: number }
export interface PlayerPage {
  name: string; slug: string; avatarUrl: string | null; teamName: string | null;
  fundraisingReason: string | null; raisedCents: number; goalCents: number; donors: number;
  acceptingDonations: boolean;
  campaign: { title: string; slug: string; organizationName: string; organizationLogo: string | null };
  recentSupporters: Supporter[]; leaderboard: Entry[];
}
const FIRST = ['Ella', 'Mateo', 'Sofía', 'Liam', 'Ava', 'Noah', 'Mía', 'Lucas', 'Zoe', 'Diego'];
export function playerFixture(now = Date.now()): PlayerPage {
  return {
    name: 'Ella B.', slug: 'ella-b-rockets', avatarUrl: '/files/avatars/ella.webp', teamName: 'U12 Rockets',
    fundraisingReason: 'Our team is raising money for new uniforms & travel to the state tournament.\nEvery <gift> helps!',
    raisedCents: 123_450, goalCents: 500_000, donors: 57, acceptingDonations: true,
    campaign: { title: 'Rockets Spring Drive', slug: 'rockets-spring-drive', organizationName: 'Rockets Youth Soccer', organizationLogo: '/files/logos/rockets.webp' },
    recentSupporters: Array.from({ length: 50 }, (_, i) => ({
      name: i % 7 === 3 ? null : `${FIRST[i % 10]} ${String.fromCharCode(65 + (i % 26))}.`,
      amountCents: i % 5 === 4 ? null : 2500 + i * 137,
      message: i % 3 === 0 ? `Go Rockets! "Good luck" from the ${FIRST[(i + 3) % 10]} family <3` : null,
      at: new Date(now - i * 5_400_000).toISOString(),
    })),
    leaderboard: Array.from({ length: 10 }, (_, i) => ({
      name: `${FIRST[i]} ${String.fromCharCode(75 + i)}.`, slug: `player-${i}`, avatarUrl: i % 2 ? null : `/files/avatars/p${i}.webp`,
      raisedCents: 250_000 - i * 17_321, goalCents: 300_000, donors: 40 - i,
    })),
  };
}
