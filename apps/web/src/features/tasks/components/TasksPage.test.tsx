import type { CreateTaskBody, StoredUser, Task, TaskList, UpdateTaskBody } from '@fc/contracts';
import { act } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { donorUser } from '../../../lib/auth/test-user';
import { type FakeRequest, fakeApi } from '../../../test/network';
import { click, getByTestId, queryByTestId, render, textOf, type, waitFor } from '../../../test/render';
import { NextTasksCard } from './NextTasksCard';
import { TasksPage } from './TasksPage';

const teamAdmin: StoredUser = { ...donorUser, id: 7, role: 'team_admin', organizationId: 30, donor_profile: [] };
const superAdmin: StoredUser = { ...donorUser, id: 8, role: 'super_admin', organizationId: null, donor_profile: [] };

const task = (over: Partial<Task>): Task => ({
  id: 1,
  organizationId: 30,
  title: 'Task',
  description: null,
  assignee: null,
  dueOn: null,
  tags: [],
  completedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** A small server: the stored tasks, filtered as the API does (by filter, tag and title). */
function server(opts: { canManage?: boolean } = {}) {
  const tasks: Task[] = [
    task({ id: 11, title: 'Order jerseys', tags: ['gear'], assignee: { id: 7, name: 'Tess Admin' } }),
    task({ id: 12, title: 'Book the field', dueOn: '2000-01-01', tags: ['logistics'] }),
    task({ id: 13, title: 'Print flyers', completedAt: '2026-01-02T00:00:00.000Z', tags: ['gear'] }),
  ];
  const created: CreateTaskBody[] = [];
  const patched: { id: number; body: UpdateTaskBody }[] = [];
  const list = (req: FakeRequest) => {
    const filter = req.query.get('filter') ?? 'all';
    const tag = req.query.get('tag');
    const search = req.query.get('search')?.toLowerCase();
    const shown = tasks.filter(
      (x) =>
        (filter === 'all' ||
          (filter === 'open' && !x.completedAt) ||
          (filter === 'completed' && x.completedAt) ||
          (filter === 'mine' && x.assignee?.id === 7) ||
          (filter === 'overdue' && !x.completedAt && x.dueOn && x.dueOn < '2026-01-01')) &&
        (!tag || x.tags.includes(tag)) &&
        (!search || x.title.toLowerCase().includes(search)),
    );
    const data: TaskList = {
      organization: { id: 30, name: 'Tigers', typeId: 3 },
      automatic: [
        { key: 'payouts_connected', done: true, href: '/orgs/teams/view/30?tab=payouts' },
        { key: 'roster_imported', done: true, href: '/orgs/teams/view/30?tab=import' },
        { key: 'campaign_created', done: true, href: '/campaigns/list' },
        { key: 'players_invited', done: false, href: '/fundraisers/list' },
        { key: 'first_gift', done: false, href: '/donations/list' },
        { key: 'goal_reached', done: false, href: '/campaigns/list' },
      ],
      tasks: filter === 'automatic' ? [] : shown,
      tags: ['gear', 'logistics'],
      assignees: [
        { id: 7, name: 'Tess Admin' },
        { id: 9, name: 'Olga Owner' },
      ],
      canManage: opts.canManage ?? true,
    };
    return { json: { hasError: false, data } };
  };
  const api = fakeApi({
    'GET /tasks': list,
    'POST /tasks': (req) => {
      const body = req.body as CreateTaskBody;
      created.push(body);
      const made = task({ id: 20, title: body.title, tags: body.tags ?? [] });
      tasks.push(made);
      return { json: { hasError: false, data: made } };
    },
    'PATCH /tasks/11': (req) => {
      const body = req.body as UpdateTaskBody;
      patched.push({ id: 11, body });
      const t = tasks.find((x) => x.id === 11)!;
      t.completedAt = body.completed ? '2026-02-01T00:00:00.000Z' : null;
      return { json: { hasError: false, data: t } };
    },
  });
  return { api, created, patched };
}

const page = (
  <Routes>
    <Route path="/apps/todo" element={<TasksPage />} />
    <Route path="/apps/todo/tag/:tag" element={<TasksPage />} />
    <Route path="/apps/todo/:filter" element={<TasksPage />} />
  </Routes>
);
const shownIds = () =>
  [...document.querySelectorAll('[data-testid="tasks-list"] > li')].map((li) => li.getAttribute('data-testid'));

describe('TasksPage (/apps/todo)', () => {
  it('shows the automatic checklist with its progress and links, and filters by the URL', async () => {
    const { api } = server();
    await render(page, { user: teamAdmin, path: '/apps/todo' });
    await waitFor(() => expect(textOf(getByTestId('auto-progress'))).toBe('3 of 6 done'));
    expect(getByTestId('auto-payouts_connected').querySelector('a')).toBeNull();
    expect(getByTestId('auto-first_gift').querySelector('a')?.getAttribute('href')).toBe('/donations/list');
    expect(textOf(getByTestId('auto-first_gift'))).toContain('To do');
    expect(shownIds()).toEqual(['task-11', 'task-12', 'task-13']);
    expect(textOf(getByTestId('task-12-due'))).toContain('Overdue');
    expect(api.callsTo('GET /tasks')[0]?.query.get('organizationId')).toBeNull();

    await click(getByTestId('tasks-filter-open'));
    await waitFor(() => expect(shownIds()).toEqual(['task-11', 'task-12']));
    expect(api.callsTo('GET /tasks').at(-1)?.query.get('filter')).toBe('open');

    // A tag chip leads to /apps/todo/tag/{tag}.
    expect(getByTestId('task-11-tag-gear').getAttribute('href')).toBe('/apps/todo/tag/gear');
    await click(getByTestId('tasks-tag-gear'));
    await waitFor(() => expect(shownIds()).toEqual(['task-11', 'task-13']));
    expect(textOf(getByTestId('tasks-active-tag'))).toBe('Tag: gear');

    await click(getByTestId('tasks-filter-automatic'));
    await waitFor(() => expect(queryByTestId('tasks-automatic-only')).not.toBeNull());
    expect(queryByTestId('tasks-list')).toBeNull();
    expect(api.unhandled).toEqual([]);
  });

  it('searches on the title', async () => {
    const { api } = server();
    await render(page, { user: teamAdmin, path: '/apps/todo/all' });
    await waitFor(() => expect(shownIds()).toHaveLength(3));
    await type(getByTestId('tasks-search'), 'field');
    await waitFor(() => expect(shownIds()).toEqual(['task-12']));
    expect(api.callsTo('GET /tasks').at(-1)?.query.get('search')).toBe('field');
  });

  it('completes a task with its checkbox', async () => {
    const { patched } = server();
    await render(page, { user: teamAdmin, path: '/apps/todo/open' });
    await waitFor(() => expect(shownIds()).toEqual(['task-11', 'task-12']));
    const box = getByTestId('task-11-toggle').querySelector('input')!;
    expect(box.getAttribute('aria-label')).toBe('Mark “Order jerseys” as done');
    await click(box);
    await waitFor(() => expect(patched).toEqual([{ id: 11, body: { completed: true } }]));
    await waitFor(() => expect(shownIds()).toEqual(['task-12']));
  });

  it('refuses an empty title or bad tags, then creates the task with clean tags', async () => {
    const { api, created } = server();
    await render(page, { user: teamAdmin, path: '/apps/todo' });
    await waitFor(() => expect(shownIds()).toHaveLength(3));
    await click(getByTestId('task-add'));
    const title = await waitFor(() => getByTestId<HTMLInputElement>('task-title'));
    await type(getByTestId('task-tags'), 'ok, bad!tag');
    await click(getByTestId('task-submit'));
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(getByTestId('task-tags').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /tasks')).toEqual([]);

    await type(title, 'Send the welcome e-mail');
    await type(getByTestId('task-tags'), 'Roster, roster, Payments');
    await type(getByTestId('task-due'), '05/01/2030');
    await act(async () => {
      getByTestId('task-assignee').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    const olga = await waitFor(() => {
      const o = [...document.querySelectorAll('[role="option"]')].find((el) => textOf(el) === 'Olga Owner');
      if (!o) throw new Error('no option');
      return o;
    });
    await click(olga);
    await click(getByTestId('task-submit'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      organizationId: 30,
      title: 'Send the welcome e-mail',
      description: null,
      assigneeUserId: 9,
      dueOn: '2030-05-01',
      tags: ['roster', 'payments'],
    });
    await waitFor(() => expect(queryByTestId('task-dialog')).toBeNull());
    await waitFor(() => expect(shownIds()).toContain('task-20'));
  });

  it('is read-only without the right to manage', async () => {
    server({ canManage: false });
    await render(page, { user: teamAdmin, path: '/apps/todo' });
    await waitFor(() => expect(shownIds()).toHaveLength(3));
    expect(queryByTestId('task-add')).toBeNull();
    expect(queryByTestId('task-11-edit')).toBeNull();
    expect(getByTestId('task-11-toggle').querySelector('input')?.disabled).toBe(true);
    expect(queryByTestId('tasks-read-only')).not.toBeNull();
  });

  it('asks staff to choose a node first, and reads the one in the address', async () => {
    const { api } = server();
    await render(page, { user: superAdmin, path: '/apps/todo' });
    await waitFor(() => expect(queryByTestId('tasks-choose-node')).not.toBeNull());
    expect(api.callsTo('GET /tasks')).toEqual([]);
    expect(queryByTestId('tasks-node')).not.toBeNull();
  });

  it('reads the node of the address (staff), and keeps it in the filter links', async () => {
    const { api } = server();
    await render(page, { user: superAdmin, path: '/apps/todo/open?organizationId=30' });
    await waitFor(() => expect(shownIds()).toEqual(['task-11', 'task-12']));
    expect(api.callsTo('GET /tasks')[0]?.query.get('organizationId')).toBe('30');
    expect(getByTestId('tasks-filter-completed').getAttribute('href')).toBe('/apps/todo/completed?organizationId=30');
  });
});

describe('NextTasksCard', () => {
  it('shows the next three open items, automatic ones first, and links to the checklist', async () => {
    server();
    await render(<NextTasksCard />, { user: teamAdmin });
    await waitFor(() => expect(queryByTestId('next-tasks')).not.toBeNull());
    const items = [...getByTestId('next-tasks').querySelectorAll(':scope > li')].map((li) =>
      li.getAttribute('data-testid'),
    );
    expect(items).toEqual(['auto-players_invited', 'auto-first_gift', 'auto-goal_reached']);
    expect(getByTestId('next-tasks-all').getAttribute('href')).toBe('/apps/todo');
  });
});
