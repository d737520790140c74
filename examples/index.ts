// The program of this project directory (Pulumi.yaml `main`): `pulumi up` here and `npm run demo` run it.
import { demoProgram } from "./program";

module.exports = demoProgram();
