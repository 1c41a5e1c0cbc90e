/**
 * Manual onboarding tasks on the demo team (issue 13), so that a newcomer's checklist
 * (`/apps/todo`, the team dashboard's next tasks) shows assigned, tagged and completed items next
 * to the automatic ones. Demo content, in English like the rest of the demo data.
 */
import { type Db, orgTasks, users } from '@fc/db';
import { eq } from 'drizzle-orm';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoTasks(db: Db, teamId: number): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'teamadmin@demo.test'));
  const by = admin?.id ?? null;
  await db.insert(orgTasks).values([
    {
      organizationId: teamId,
      title: 'Collect the missing parent emails for the Blue roster',
      description: 'Three families have no email yet: ask at Thursday practice.',
      assigneeUserId: by,
      dueOn: day(3),
      tags: ['roster'],
      createdByUserId: by,
    },
    {
      organizationId: teamId,
      title: 'Share the campaign link in the team chat',
      dueOn: day(7),
      tags: ['outreach'],
      createdByUserId: by,
    },
    {
      organizationId: teamId,
      title: 'Thank the first donors at Saturday’s game',
      tags: ['outreach'],
      completedAt: new Date(),
      completedByUserId: by,
      createdByUserId: by,
    },
  ]);
}
