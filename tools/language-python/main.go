// Command pulumi-language-python is the Python language host the project's scripts set up: Pulumi's
// host v3.68.0 (pulumi-language-python-host, beside this executable), given the project's
// `runtime.options.virtualenv` from Pulumi.yaml.
//
// That host reads the option from its command line (-virtualenv, -root), where the CLIs of its day put
// it; the CLI we build (v3.259.0) passes the engine's address only and sends the options in the Run
// request's program info, which a host of v3.68.0 does not know. Without this, a project laid out as
// `pulumi new python` lays it out (a `virtualenv` option, the virtualenv not activated) fails with
// "No module named 'pulumi'". This finds the project from the working directory the engine starts the
// host in (the program's directory), and replaces itself with the host (same process), the option
// added unless the command line already has one.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

const host = "pulumi-language-python-host"

func main() {
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	if resolved, err := filepath.EvalSymlinks(self); err == nil {
		self = resolved
	}
	path := filepath.Join(filepath.Dir(self), host)
	args := os.Args[1:]
	if !hasFlag(args, "virtualenv") {
		if virtualenv, root := virtualenvOption(); virtualenv != "" {
			args = append([]string{"-virtualenv=" + virtualenv, "-root=" + root}, args...)
		}
	}
	if err := syscall.Exec(path, append([]string{path}, args...), os.Environ()); err != nil {
		fail(fmt.Errorf("running %s: %w", path, err))
	}
}

// virtualenvOption is the project's `runtime.options.virtualenv` and the project's directory (the
// option is relative to it), or empty when there is no project or no such option.
func virtualenvOption() (string, string) {
	cwd, err := os.Getwd()
	if err != nil {
		return "", ""
	}
	projectFile, err := workspace.DetectProjectPathFrom(cwd)
	if err != nil || projectFile == "" {
		return "", ""
	}
	project, err := workspace.LoadProject(projectFile)
	if err != nil {
		return "", ""
	}
	virtualenv, _ := project.Runtime.Options()["virtualenv"].(string)
	return virtualenv, filepath.Dir(projectFile)
}

func hasFlag(args []string, name string) bool {
	for _, arg := range args {
		flag := strings.TrimLeft(arg, "-")
		if flag != arg && (flag == name || strings.HasPrefix(flag, name+"=")) {
			return true
		}
	}
	return false
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "pulumi-language-python:", err)
	os.Exit(1)
}
