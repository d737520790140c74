/**
 * The provider object Pulumi serializes into the state: each method loads the runtime by package
 * name and delegates, so the closure captures nothing but the kind's name (no code, no credentials).
 */
import type * as pulumi from "@pulumi/pulumi";

type Runtime = typeof import("./runtime");

export function shimProvider(kind: string): pulumi.dynamic.ResourceProvider {
  return {
    async configure(req) {
      (require("pulumi-compute/provider-runtime") as Runtime).configure(req);
    },
    async check(olds, news) {
      return (require("pulumi-compute/provider-runtime") as Runtime).provider(kind).check!(olds, news);
    },
    async diff(id, olds, news) {
      return (require("pulumi-compute/provider-runtime") as Runtime).provider(kind).diff!(id, olds, news);
    },
    async create(inputs) {
      return (require("pulumi-compute/provider-runtime") as Runtime).provider(kind).create(inputs);
    },
    async read(id, props) {
      return (require("pulumi-compute/provider-runtime") as Runtime).provider(kind).read!(id, props);
    },
    async update(id, olds, news) {
      return (require("pulumi-compute/provider-runtime") as Runtime).provider(kind).update!(id, olds, news);
    },
    async delete(id, props) {
      return (require("pulumi-compute/provider-runtime") as Runtime).provider(kind).delete!(id, props);
    },
  };
}
