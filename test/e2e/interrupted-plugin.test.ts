// An interrupted run converges, through the provider plugin (a YAML program): the kill matrix of
// test/e2e/interrupted/kill-matrix.ts (every write of a small stack's create, update and delete,
// killed there or answered never, and each recovery), printed with its pass count.
import { killMatrix } from "./interrupted/kill-matrix";

killMatrix("plugin");
