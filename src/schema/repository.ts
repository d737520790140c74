/**
 * Where the repository lives: the Go SDK is the module `<host path>/sdk/go` inside it (`go get` fetches
 * it from there at the tag `sdk/go/v<version>`), its package `<host path>/sdk/go/compute`.
 */
export const REPOSITORY = "https://github.com/pulumi-compute/pulumi-compute";
export const GO_MODULE = `${REPOSITORY.replace(/^https:\/\//, "")}/sdk/go`;
