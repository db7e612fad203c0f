/**
 * Stamps a console build with the fingerprint of its sources, so `npm start` does not build again
 * what `npm run build -w @ztj/web` (run by `npm test`, `bench:web`) just built.
 * Run by the web workspace's `build` script after `vite build`; the stamp lands in apps/web/dist.
 *
 *   node --import tsx apps/server/src/cli/stamp-console.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../platform/config/config';
import { sourceFingerprint, STAMP_FILE } from '../platform/startup/console-build';

const outDir = path.resolve(REPO_ROOT, process.argv[2] ?? 'apps/web/dist');
if (fs.existsSync(path.join(outDir, 'index.html')))
  fs.writeFileSync(path.join(outDir, STAMP_FILE), sourceFingerprint());
