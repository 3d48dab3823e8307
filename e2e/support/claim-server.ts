// Setup file of the browser tests' project: each test file takes a server of its own first.
import { claimServerForThisFile } from './server.ts';

claimServerForThisFile();
