// Runs in a fresh Node process: imports one route bundle and invokes it once, as a Lambda cold
// start does, and prints the timings as JSON. Arguments: bundle path, event JSON.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [bundle, eventJson] = process.argv.slice(2);
const started = performance.now();
const module = await import(pathToFileURL(bundle).href);
const imported = performance.now();
const context = {
  awsRequestId: 'bench',
  functionName: 'bench',
  getRemainingTimeInMillis: () => 10_000,
  callbackWaitsForEmptyEventLoop: false,
};
const result = await module.handler(JSON.parse(eventJson), context);
const invoked = performance.now();
process.stdout.write(
  JSON.stringify({
    importMs: imported - started,
    firstCallMs: invoked - imported,
    totalMs: invoked - started,
    status: result?.statusCode,
  }),
);
