// The app's worker thread (app-jobs.ts starts it): answers the jobs of jobs.ts.
import { parentPort } from 'node:worker_threads';
import { serveJobs } from './job-thread.js';
import { JOBS } from './jobs.js';

serveJobs(parentPort!, JOBS);
