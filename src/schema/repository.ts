/**
 * Where the repository lives: the Go SDK is the module `<host path>/sdk/go` inside it (`go get` fetches
 * it from there at the tag `sdk/go/v<version>`), its package `<host path>/sdk/go/compute`.
 */
export const REPOSITORY = "https://github.com/pulumi-compute/pulumi-compute";
export const GO_MODULE = `${REPOSITORY.replace(/^https:\/\//, "")}/sdk/go`;

/**
 * Where the CLI fetches the plugin from when a program needs it and it is not installed: the
 * repository's GitHub releases (`github://<API host>/<owner>`: the engine adds `pulumi-<name>`, the
 * repository's name, and the asset `pulumi-resource-compute-v<version>-<os>-<arch>.tar.gz`). The schema
 * names it (`pluginDownloadURL`), and so every SDK does; `npm run release -- --download-url URL` builds
 * the artifacts for another location.
 */
export const RELEASES = "github://api.github.com/pulumi-compute";
