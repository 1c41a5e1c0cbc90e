/** Route modules of this feature (one lazy chunk), and the card the team dashboard shows. */
export { NextTasksCard } from './NextTasksCard';
export { TasksPage } from './TasksPage';
