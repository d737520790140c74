// Entry point for `pulumi up` run by hand with an installed Pulumi CLI (see README).
import { demoProgram } from "./program";

module.exports = demoProgram();
