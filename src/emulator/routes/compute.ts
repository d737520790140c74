/** The compute area: instances and their actions, disks, configs, interfaces, backups, kernels and types. */
import type { Jobs } from "../jobs";
import type { Router } from "../router";
import { backupRoutes } from "./backups";
import { configRoutes } from "./configs";
import { diskRoutes } from "./disks";
import { instanceActionRoutes } from "./instance-actions";
import { instanceAddressRoutes } from "./instance-addresses";
import { instanceCloneRoutes } from "./instance-clone";
import { instancePowerRoutes } from "./instance-power";
import { instanceResizeRoutes } from "./instance-resize";
import { instanceStatsRoutes } from "./instance-stats";
import { instanceRoutes } from "./instances";
import { interfaceRoutes } from "./interfaces";
import { kernelRoutes } from "./kernels";
import { typeRoutes } from "./types";

export function computeRoutes(router: Router, jobs: Jobs) {
  for (const register of [
    instanceRoutes,
    instancePowerRoutes,
    instanceActionRoutes,
    instanceResizeRoutes,
    instanceCloneRoutes,
    diskRoutes,
    configRoutes,
    interfaceRoutes,
    backupRoutes,
    instanceStatsRoutes,
    instanceAddressRoutes,
    kernelRoutes,
    typeRoutes,
  ])
    register(router, jobs);
}
