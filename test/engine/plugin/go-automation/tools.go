//go:build tools

// Keeps github.com/pulumi/pulumi/pkg/v3 required (go.mod says why); never built.
package main

import _ "github.com/pulumi/pulumi/pkg/v3/backend"
