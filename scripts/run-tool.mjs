// `npm run seed | staff:create | backup | restore | task`: runs one of the command-line tools built
// with the server (SERVER_TOOLS in build-server.mjs: apps/server/dist/<tool>.js) with plain node and
// the server's Node options, after building the bundle when it is missing or older than its
// sources, as `npm start` does: a tool run from npm never runs a stale bundle (ADR 57). Its exit
// code is the tool's.
//
//   node scripts/run-tool.mjs <tool> [arguments…]
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  buildServer,
  SERVER_NODE_ARGS,
  SERVER_TOOLS,
  serverBuildIsStale,
  serverDist,
} from './build-server.mjs';

const [tool, ...args] = process.argv.slice(2);
if (!tool || !Object.hasOwn(SERVER_TOOLS, tool)) {
  console.error(`usage: node scripts/run-tool.mjs <${Object.keys(SERVER_TOOLS).join('|')}> [arguments…]`);
  process.exit(2);
}
if (serverBuildIsStale()) {
  // On stderr: what a tool prints on stdout stays its own.
  console.error('Đang build máy chủ…');
  await buildServer();
}

const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(serverDist, `${tool}.js`), ...args], {
  stdio: 'inherit',
});
// This process ends with the tool: Ctrl-C reaches the tool from the terminal as it reaches this one
// (ignored here), and a SIGTERM sent to this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
