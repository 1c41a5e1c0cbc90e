export { playerFixture } from '../lib/fixture';
export { pick, tFor } from '../lib/strings';
export { makeT } from '../lib/t';
export { flatten } from '../lib/flat';
