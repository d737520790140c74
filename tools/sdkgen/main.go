// Command sdkgen writes the Python and Go SDKs of the package schema with Pulumi's own generators
// (github.com/pulumi/pulumi/pkg/v3/codegen/{python,go}), the code `pulumi package gen-sdk` runs.
//
//	sdkgen SCHEMA OUT    writes OUT/python, OUT/go and OUT/.schema-sha256 (the schema's sha256)
//
// Each language's directory is emptied first, so a kind removed from the schema leaves no file behind.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-compute sdkgen"

func main() {
	if len(os.Args) != 3 {
		fail(fmt.Errorf("usage: sdkgen SCHEMA OUT"))
	}
	schemaPath, out := os.Args[1], os.Args[2]
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		fail(err)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		fail(fmt.Errorf("%s: %w", schemaPath, err))
	}
	for lang, generate := range map[string]func(*schema.Package) (map[string][]byte, error){
		"python": func(pkg *schema.Package) (map[string][]byte, error) {
			files, err := pygen.GeneratePackage(tool, pkg, nil, noPackages{})
			if err == nil {
				classDocstrings(files, pkg)
				// pyproject.toml names README.md beside it (a publish step copies it there): without it
				// `pip install ./sdk/python` fails.
				files["README.md"] = files["pulumi_compute/README.md"]
			}
			return files, err
		},
		"go": func(pkg *schema.Package) (map[string][]byte, error) {
			return gogen.GeneratePackage(tool, pkg, nil)
		},
	} {
		// Each generator adds its language's facts to the package: bind afresh for each.
		pkg, diags, err := schema.BindSpec(spec, noPackages{}, schema.ValidationOptions{})
		if err != nil {
			fail(err)
		}
		if diags.HasErrors() {
			fail(fmt.Errorf("%s: %s", schemaPath, diags.Error()))
		}
		files, err := generate(pkg)
		if err != nil {
			fail(fmt.Errorf("%s SDK: %w", lang, err))
		}
		if err := write(filepath.Join(out, lang), files); err != nil {
			fail(err)
		}
	}
	sum := sha256.Sum256(raw)
	if err := os.WriteFile(filepath.Join(out, ".schema-sha256"), []byte(hex.EncodeToString(sum[:])+"\n"), 0o644); err != nil {
		fail(err)
	}
}

// classDocstrings gives each resource class of the Python SDK (and the Provider) its description, with
// the Python example, as the class's docstring: the generator puts it on __init__ only, so help() on the
// class showed the generic CustomResource text first.
func classDocstrings(files map[string][]byte, pkg *schema.Package) {
	described := map[string]string{}
	for _, r := range pkg.Resources {
		described[r.Token[strings.LastIndex(r.Token, ":")+1:]+"(pulumi.CustomResource)"] = r.Comment
	}
	if pkg.Provider != nil {
		described["Provider(pulumi.ProviderResource)"] = pkg.Provider.Comment
	}
	for name, content := range files {
		if !strings.HasSuffix(name, ".py") {
			continue
		}
		text := string(content)
		for class, comment := range described {
			line := "\nclass " + class + ":\n"
			at := strings.Index(text, line)
			if at < 0 || comment == "" {
				continue
			}
			doc := strings.TrimSpace(codegen.FilterExamples(comment, "python"))
			indented := "    " + strings.ReplaceAll(doc, "\n", "\n    ")
			indented = strings.ReplaceAll(indented, "    \n", "\n")
			end := at + len(line)
			text = text[:end] + "    r\"\"\"\n" + indented + "\n    \"\"\"\n" + text[end:]
		}
		files[name] = []byte(text)
	}
}

func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, content := range files {
		file := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(file, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "sdkgen:", err)
	os.Exit(1)
}
