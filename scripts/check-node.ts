// Fails loudly when the running Node is not 24 LTS: the project pins Node 24 through the `node`
// devDependency, so npm scripts run it; a shell's system Node (e.g. 20) must not be used by accident.
const major = Number(process.versions.node.split(".")[0]);
if (major !== 24) {
  console.error(
    `\n  This project needs Node 24 LTS, but it is running on Node ${process.versions.node}.\n` +
      "  Run it through npm (npm start, npm test), which uses the pinned node devDependency,\n" +
      "  or call node_modules/.bin/node directly.\n",
  );
  process.exit(1);
}
