'use strict';
// Preloaded into a command the bench measures (node --require bench/peak-rss.cjs ...): as the
// process exits, prints its peak RSS as one last JSON line on stdout, {"peakKiB": N}
// (process.resourceUsage().maxRSS, the kernel's VmHWM).
const { writeSync } = require('node:fs');

process.on('exit', () => {
  writeSync(1, `${JSON.stringify({ peakKiB: process.resourceUsage().maxRSS })}\n`);
});
