// The page's first API reads, started by a script of its own that runs as soon as it arrives,
// beside the app's scripts rather than after them (lib/first-load.ts).
import { startFirstLoad } from './lib/first-load';

startFirstLoad(location.pathname, location.search);
