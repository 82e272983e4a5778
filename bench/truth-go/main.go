// Ground truth for Go call, hand-over and import edges, from go/types: the same Truth JSON
// bench/truth-ts.ts writes for TypeScript (see bench/README.md).
//
//	go build -o bench/.out/truth-go ./bench/truth-go && bench/.out/truth-go <dir> <out.json>
//
// Only the standard library is used, and the go command is never run on the corpus: each
// module's packages (found from every go.mod in the corpus) are type-checked from their sources
// by this program's own importer, the standard library by go/importer's "source" importer, and
// any other module's package is an empty stand-in (calls into it are external). So a go.mod
// naming a newer Go than this toolchain's (`go 1.23`) does not stop it; code using newer
// language features gets type errors at those lines, counted in the stats.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

const topLevel = "<file>"

type Def struct {
	Path string `json:"path"`
	Name string `json:"name"`
	Line int    `json:"line"`
	Kind string `json:"kind,omitempty"`
}

type Call struct {
	Caller Def    `json:"caller"`
	Callee Def    `json:"callee"`
	Line   int    `json:"line"`
	Site   int    `json:"site,omitempty"`
	Via    string `json:"via,omitempty"`
}

type Import struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type ImportStatement struct {
	From      string   `json:"from"`
	Specifier string   `json:"specifier"`
	Line      int      `json:"line"`
	Outcome   string   `json:"outcome"`
	To        []string `json:"to,omitempty"`
	Kind      string   `json:"kind"`
}

type Unbound struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Name string `json:"name"`
}

type Truth struct {
	Calls            []Call            `json:"calls"`
	References       []Call            `json:"references"`
	Imports          []Import          `json:"imports"`
	Files            []string          `json:"files"`
	Defs             []Def             `json:"defs"`
	ImportStatements []ImportStatement `json:"importStatements"`
	Unbound          []Unbound         `json:"unbound"`
}

type Stats struct {
	Files                   int                 `json:"files"`
	CallSites               int                 `json:"callSites"`
	Bound                   int                 `json:"bound"`
	External                int                 `json:"external"`
	Unresolved              int                 `json:"unresolved"`
	Unmodelled              int                 `json:"unmodelled"`
	UnmodelledByDeclaration map[string]int      `json:"unmodelledByDeclaration"`
	Samples                 map[string][]string `json:"samples"`
	Seconds                 float64             `json:"seconds"`
	ByVia                   map[string]int      `json:"byVia"`
	ImportOutcomes          map[string]int      `json:"importOutcomes"`
	Packages                int                 `json:"packages"`
	TypeErrors              int                 `json:"typeErrors"`
	TypeErrorSamples        []string            `json:"typeErrorSamples"`
	// Files left out by build constraints (another GOOS, `//go:build ignore`): not walked.
	ConstrainedOut []string `json:"constrainedOut"`
	Conversions    int      `json:"conversions"`
}

// A package as checked: the files of one directory with one package name.
type pkgKey struct {
	dir, name string
	tests     bool // with the directory's internal _test.go files
}

type truthBuilder struct {
	root    string
	fset    *token.FileSet
	modules map[string]string // module path -> root dir
	dirs    map[string]string // import path -> dir
	files   map[string][]*parsedFile
	checked map[pkgKey]*types.Package
	busy    map[pkgKey]bool
	std     types.Importer
	defs    map[token.Pos]Def // by the declaring identifier's position
	local   map[token.Pos]Def // local-function holders, by the variable's position
	params  map[token.Pos]bool
	stats   Stats
	truth   Truth
}

type parsedFile struct {
	path string // relative
	ast  *ast.File
	test bool
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: truth-go <dir> <out.json>")
		os.Exit(2)
	}
	started := time.Now()
	root, _ := filepath.Abs(os.Args[1])
	b := &truthBuilder{
		root: root, fset: token.NewFileSet(), modules: map[string]string{}, dirs: map[string]string{},
		files: map[string][]*parsedFile{}, checked: map[pkgKey]*types.Package{}, busy: map[pkgKey]bool{},
		defs: map[token.Pos]Def{}, local: map[token.Pos]Def{}, params: map[token.Pos]bool{},
	}
	b.stats.UnmodelledByDeclaration = map[string]int{}
	b.stats.Samples = map[string][]string{"external": {}, "unresolved": {}, "unmodelled": {}}
	b.stats.ByVia = map[string]int{}
	b.stats.ImportOutcomes = map[string]int{}
	b.truth = Truth{Calls: []Call{}, References: []Call{}, Imports: []Import{}, Files: []string{}, Defs: []Def{}, ImportStatements: []ImportStatement{}, Unbound: []Unbound{}}
	b.std = importer.ForCompiler(b.fset, "source", nil)
	b.discover()
	b.collectDefs()
	b.walkAll()
	b.stats.Seconds = time.Since(started).Seconds()
	out, err := json.Marshal(b.truth)
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(os.Args[2], out, 0o644); err != nil {
		panic(err)
	}
	stats, _ := json.Marshal(b.stats)
	fmt.Fprintln(os.Stderr, string(stats))
}

func (b *truthBuilder) rel(path string) string {
	r, err := filepath.Rel(b.root, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(r)
}

// discover finds every module (go.mod) and parses every .go file the default build context
// selects, grouped by directory.
func (b *truthBuilder) discover() {
	var goFiles []string
	filepath.Walk(b.root, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		if info.IsDir() {
			if name := info.Name(); path != b.root && (name == ".git" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if info.Name() == "go.mod" {
			if mod := modulePath(path); mod != "" {
				b.modules[mod] = filepath.Dir(path)
			}
		} else if strings.HasSuffix(info.Name(), ".go") {
			goFiles = append(goFiles, path)
		}
		return nil
	})
	sort.Strings(goFiles)
	for _, path := range goFiles {
		dir, name := filepath.Split(path)
		dir = filepath.Clean(dir)
		if ok, err := build.Default.MatchFile(dir, name); err == nil && !ok {
			b.stats.ConstrainedOut = append(b.stats.ConstrainedOut, b.rel(path))
			continue
		}
		f, err := parser.ParseFile(b.fset, path, nil, parser.ParseComments|parser.AllErrors)
		if f == nil {
			continue
		}
		if err != nil {
			b.stats.TypeErrors++
		}
		b.files[dir] = append(b.files[dir], &parsedFile{path: b.rel(path), ast: f, test: strings.HasSuffix(name, "_test.go")})
	}
	for dir := range b.files {
		if mod, modDir := b.moduleOf(dir); modDir != "" {
			rel, _ := filepath.Rel(modDir, dir)
			importPath := mod
			if rel != "." {
				importPath = mod + "/" + filepath.ToSlash(rel)
			}
			b.dirs[importPath] = dir
		}
	}
}

func modulePath(gomod string) string {
	f, err := os.Open(gomod)
	if err != nil {
		return ""
	}
	defer f.Close()
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		if strings.HasPrefix(line, "module ") {
			return strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "module")), `"`)
		}
	}
	return ""
}

// moduleOf is the nearest module above a directory.
func (b *truthBuilder) moduleOf(dir string) (string, string) {
	best, bestDir := "", ""
	for mod, modDir := range b.modules {
		if (dir == modDir || strings.HasPrefix(dir, modDir+string(filepath.Separator))) && len(modDir) > len(bestDir) {
			best, bestDir = mod, modDir
		}
	}
	return best, bestDir
}

// packageName is the name a directory's non-test files declare (the most common one).
func (b *truthBuilder) packageName(dir string) string {
	counts := map[string]int{}
	for _, f := range b.files[dir] {
		if !f.test {
			counts[f.ast.Name.Name]++
		}
	}
	best := ""
	for name, n := range counts {
		if n > counts[best] || (n == counts[best] && name < best) {
			best = name
		}
	}
	return best
}

func (b *truthBuilder) filesOf(key pkgKey) []*parsedFile {
	var out []*parsedFile
	for _, f := range b.files[key.dir] {
		if f.ast.Name.Name == key.name && (!f.test || key.tests) {
			out = append(out, f)
		}
	}
	return out
}

// Import implements types.Importer: the corpus's packages from source, the standard library
// through the source importer, anything else an empty stand-in.
func (b *truthBuilder) Import(path string) (*types.Package, error) {
	if dir, ok := b.dirs[path]; ok {
		name := b.packageName(dir)
		if name != "" {
			pkg, _ := b.check(pkgKey{dir: dir, name: name}, path, nil)
			if pkg != nil {
				return pkg, nil
			}
		}
	}
	if isStandard(path) {
		if pkg, err := b.std.Import(path); err == nil {
			return pkg, nil
		}
	}
	pkg := types.NewPackage(path, filepath.Base(path))
	pkg.MarkComplete()
	return pkg, nil
}

func isStandard(path string) bool {
	first := strings.SplitN(path, "/", 2)[0]
	return !strings.Contains(first, ".")
}

// check type-checks a package once (per key), with the info the walk needs when asked.
func (b *truthBuilder) check(key pkgKey, importPath string, info *types.Info) (*types.Package, *types.Info) {
	if info == nil {
		if pkg, ok := b.checked[key]; ok {
			return pkg, nil
		}
		if b.busy[key] {
			return nil, nil // an import cycle: the importer answers with a stand-in
		}
		b.busy[key] = true
		defer delete(b.busy, key)
	}
	files := b.filesOf(key)
	asts := make([]*ast.File, len(files))
	for i, f := range files {
		asts[i] = f.ast
	}
	conf := types.Config{
		Importer: b,
		Error: func(err error) {
			b.stats.TypeErrors++
			if len(b.stats.TypeErrorSamples) < 10 {
				b.stats.TypeErrorSamples = append(b.stats.TypeErrorSamples, err.Error())
			}
		},
	}
	pkg, _ := conf.Check(importPath, b.fset, asts, info)
	if info == nil {
		b.checked[key] = pkg
	}
	return pkg, info
}

// collectDefs names every entity a user could ask about, by its declaring identifier.
func (b *truthBuilder) collectDefs() {
	for _, files := range b.files {
		for _, f := range files {
			b.truth.Files = append(b.truth.Files, f.path)
			b.stats.Files++
			for _, decl := range f.ast.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					kind := "function"
					if d.Recv != nil {
						kind = "method"
					}
					b.define(d.Name, f.path, kind)
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						switch s := spec.(type) {
						case *ast.TypeSpec:
							if iface, ok := s.Type.(*ast.InterfaceType); ok {
								for _, m := range iface.Methods.List {
									if _, isFunc := m.Type.(*ast.FuncType); isFunc {
										for _, name := range m.Names {
											b.define(name, f.path, "interface-member")
										}
									}
								}
							}
						case *ast.ValueSpec:
							// `var handler = func(…) {…}` at package level: a function by another spelling.
							for i, name := range s.Names {
								if i < len(s.Values) {
									if _, ok := s.Values[i].(*ast.FuncLit); ok {
										b.define(name, f.path, "function")
									}
								}
							}
						}
					}
				}
			}
			ast.Inspect(f.ast, func(n ast.Node) bool {
				if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil {
					for _, field := range ft.Params.List {
						for _, name := range field.Names {
							b.params[name.Pos()] = true
						}
					}
				}
				return true
			})
			// Named local closures: `helper := func(…) {…}`, `var helper = func(…) {…}` inside a function.
			ast.Inspect(f.ast, func(n ast.Node) bool {
				fn, ok := n.(*ast.FuncDecl)
				if !ok || fn.Body == nil {
					return true
				}
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					for _, pair := range localClosures(n) {
						b.local[pair.Pos()] = b.define(pair, f.path, "local-function")
					}
					return true
				})
				return false
			})
		}
	}
	sort.Strings(b.truth.Files)
}

// localClosures are the names a statement binds to function literals.
func localClosures(n ast.Node) []*ast.Ident {
	var out []*ast.Ident
	switch s := n.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) == len(s.Rhs) {
			for i, lhs := range s.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && id.Name != "_" {
					if _, ok := s.Rhs[i].(*ast.FuncLit); ok {
						out = append(out, id)
					}
				}
			}
		}
	case *ast.ValueSpec:
		for i, id := range s.Names {
			if i < len(s.Values) {
				if _, ok := s.Values[i].(*ast.FuncLit); ok && id.Name != "_" {
					out = append(out, id)
				}
			}
		}
	}
	return out
}

func (b *truthBuilder) define(name *ast.Ident, path, kind string) Def {
	def := Def{Path: path, Name: name.Name, Line: b.fset.Position(name.Pos()).Line, Kind: kind}
	b.defs[name.Pos()] = def
	b.truth.Defs = append(b.truth.Defs, def)
	return def
}

// walkAll checks every package with its tests (and each external _test package) and walks its files.
func (b *truthBuilder) walkAll() {
	dirs := make([]string, 0, len(b.files))
	for dir := range b.files {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		names := map[string]bool{}
		for _, f := range b.files[dir] {
			names[f.ast.Name.Name] = true
		}
		importPath := b.importPathOf(dir)
		sorted := make([]string, 0, len(names))
		for name := range names {
			sorted = append(sorted, name)
		}
		sort.Strings(sorted)
		for _, name := range sorted {
			key := pkgKey{dir: dir, name: name, tests: true}
			info := &types.Info{
				Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
				Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
			}
			path := importPath
			if strings.HasSuffix(name, "_test") && name != b.packageName(dir) {
				path += "_test"
			}
			b.check(key, path, info)
			b.stats.Packages++
			for _, f := range b.filesOf(key) {
				b.walkFile(f, info)
			}
		}
	}
}

func (b *truthBuilder) importPathOf(dir string) string {
	for path, d := range b.dirs {
		if d == dir {
			return path
		}
	}
	return b.rel(dir)
}

// The entity a function body belongs to while walking.
type scope struct {
	def  Def
	node ast.Node
}

func (b *truthBuilder) walkFile(f *parsedFile, info *types.Info) {
	fileDef := Def{Path: f.path, Name: topLevel, Line: 1, Kind: "file"}
	called := map[ast.Expr]bool{}
	var stack []scope
	var parents []ast.Node
	current := func() Def {
		if len(stack) == 0 {
			return fileDef
		}
		return stack[len(stack)-1].def
	}
	line := func(pos token.Pos) int { return b.fset.Position(pos).Line }

	b.importsOf(f)

	// The function literal each named local closure is bound to, so its body is that closure's.
	closures := map[*ast.FuncLit]Def{}
	ast.Inspect(f.ast, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) == len(s.Rhs) {
				for i, lhs := range s.Lhs {
					if id, ok := lhs.(*ast.Ident); ok {
						if lit, ok := s.Rhs[i].(*ast.FuncLit); ok {
							if def, ok := b.local[id.Pos()]; ok {
								closures[lit] = def
							}
						}
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range s.Names {
				if i < len(s.Values) {
					if lit, ok := s.Values[i].(*ast.FuncLit); ok {
						if def, ok := b.local[id.Pos()]; ok {
							closures[lit] = def
						} else if def, ok := b.defs[id.Pos()]; ok {
							closures[lit] = def
						}
					}
				}
			}
		}
		return true
	})

	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		if n == nil {
			return
		}
		pushed := false
		switch node := n.(type) {
		case *ast.FuncDecl:
			if def, ok := b.defs[node.Name.Pos()]; ok {
				stack = append(stack, scope{def, node})
				pushed = true
			}
		case *ast.FuncLit:
			if def, ok := closures[node]; ok {
				stack = append(stack, scope{def, node})
				pushed = true
			}
		case *ast.CallExpr:
			fun := unwrapFun(node.Fun)
			called[fun] = true
			if sel, ok := fun.(*ast.SelectorExpr); ok {
				called[sel.Sel] = true
			}
			b.call(node, fun, current(), f, info, parents)
		case *ast.Ident:
			if !called[node] {
				b.reference(node, current(), f, info, line)
			}
		case *ast.SelectorExpr:
			// `x.M` handed over as a value: the selector's name is the reference.
			if called[node] {
				called[node.Sel] = true
			}
		}
		parents = append(parents, n)
		ast.Inspect(n, func(child ast.Node) bool {
			if child == n {
				return true
			}
			if child != nil {
				walk(child)
			}
			return false
		})
		parents = parents[:len(parents)-1]
		if pushed {
			stack = stack[:len(stack)-1]
		}
	}
	walk(f.ast)
}

// unwrapFun strips parentheses and generic instantiation: `(f)(x)`, `F[int](x)`.
func unwrapFun(e ast.Expr) ast.Expr {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		default:
			return e
		}
	}
}

func (b *truthBuilder) call(call *ast.CallExpr, fun ast.Expr, caller Def, f *parsedFile, info *types.Info, parents []ast.Node) {
	var name *ast.Ident
	var obj types.Object
	via := "call"
	switch x := fun.(type) {
	case *ast.Ident:
		name = x
		obj = info.Uses[x]
	case *ast.SelectorExpr:
		name = x.Sel
		if sel, ok := info.Selections[x]; ok {
			obj = sel.Obj()
			if sel.Kind() == types.FieldVal {
				b.stats.CallSites++
				b.unbound("unmodelled", "field", f, name)
				return
			}
			if isInterfaceMethod(obj) {
				via = "interface"
			} else if b.isCallbackParam(x.X, info, parents) {
				via = "callback-param"
			} else if shadowedByCallback(x.X, call) {
				via = "shadowed-receiver"
			}
		} else {
			obj = info.Uses[x.Sel]
		}
	default:
		// a call of a call's result, of a function literal, of an index: no name to ask about
		b.stats.CallSites++
		b.stats.Unresolved++
		return
	}
	if tn, ok := obj.(*types.TypeName); ok && tn != nil {
		b.stats.Conversions++ // `T(x)` converts; it calls nothing
		return
	}
	b.stats.CallSites++
	switch o := obj.(type) {
	case *types.Func:
		if def, ok := b.defs[o.Pos()]; ok {
			b.bound(caller, def, call, name, via)
			return
		}
		b.sample("external", f, name)
		b.stats.External++
	case *types.Builtin:
		b.stats.External++
	case *types.Var:
		if def, ok := b.local[o.Pos()]; ok {
			b.bound(caller, def, call, name, via)
			return
		}
		if _, ok := b.defs[o.Pos()]; ok {
			b.bound(caller, b.defs[o.Pos()], call, name, via)
			return
		}
		if b.inCorpus(o.Pos()) {
			kind := "variable"
			if o.IsField() {
				kind = "field"
			} else if b.params[o.Pos()] {
				kind = "param"
			}
			b.unbound("unmodelled", kind, f, name)
			return
		}
		b.stats.External++
	case nil:
		b.unbound("unresolved", "", f, name)
	default:
		b.stats.External++
	}
}

// shadowedByCallback: the receiver's name is a parameter of a function literal handed to this
// very call (`r.Get("/", func(w http.ResponseWriter, r *http.Request) {…})`): the receiver is the
// outer r, the literal's r only exists inside it.
func shadowedByCallback(x ast.Expr, call *ast.CallExpr) bool {
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	for _, arg := range call.Args {
		lit, ok := arg.(*ast.FuncLit)
		if !ok || lit.Type.Params == nil {
			continue
		}
		for _, field := range lit.Type.Params.List {
			for _, name := range field.Names {
				if name.Name == id.Name {
					return true
				}
			}
		}
	}
	return false
}

// isInterfaceMethod: a method declared by an interface (what a call through an interface value reaches).
func isInterfaceMethod(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

func (b *truthBuilder) inCorpus(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	file := b.fset.Position(pos).Filename
	return strings.HasPrefix(file, b.root+string(filepath.Separator))
}

func (b *truthBuilder) bound(caller, callee Def, call *ast.CallExpr, name *ast.Ident, via string) {
	b.stats.Bound++
	b.stats.ByVia[via]++
	b.truth.Calls = append(b.truth.Calls, Call{
		Caller: caller, Callee: callee,
		Line: b.fset.Position(call.Pos()).Line, Site: b.fset.Position(name.Pos()).Line, Via: via,
	})
}

func (b *truthBuilder) unbound(reason, declaration string, f *parsedFile, name *ast.Ident) {
	if reason == "unmodelled" {
		b.stats.Unmodelled++
		b.stats.UnmodelledByDeclaration[declaration]++
	} else {
		b.stats.Unresolved++
	}
	b.sample(reason, f, name)
	b.truth.Unbound = append(b.truth.Unbound, Unbound{Path: f.path, Line: b.fset.Position(name.Pos()).Line, Name: name.Name})
}

func (b *truthBuilder) sample(reason string, f *parsedFile, name *ast.Ident) {
	if len(b.stats.Samples[reason]) < 8 {
		b.stats.Samples[reason] = append(b.stats.Samples[reason], fmt.Sprintf("%s:%d %s", f.path, b.fset.Position(name.Pos()).Line, name.Name))
	}
}

// isCallbackParam: the receiver is a parameter of a function literal handed to a call
// (`r.Get("/", func(w http.ResponseWriter, r *http.Request) { r.Context() })`).
func (b *truthBuilder) isCallbackParam(x ast.Expr, info *types.Info, parents []ast.Node) bool {
	for {
		switch e := x.(type) {
		case *ast.SelectorExpr:
			x = e.X
			continue
		case *ast.ParenExpr:
			x = e.X
			continue
		case *ast.StarExpr:
			x = e.X
			continue
		}
		break
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	// The literal declaring it, among the enclosing nodes, handed to a call as an argument.
	for i := len(parents) - 1; i > 0; i-- {
		lit, ok := parents[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		for _, field := range lit.Type.Params.List {
			for _, n := range field.Names {
				if info.Defs[n] == v {
					if call, ok := parents[i-1].(*ast.CallExpr); ok {
						for _, arg := range call.Args {
							if arg == lit {
								return true
							}
						}
					}
					return false
				}
			}
		}
	}
	return false
}

// reference records a function, method or named closure named where it is not called.
func (b *truthBuilder) reference(id *ast.Ident, caller Def, f *parsedFile, info *types.Info, line func(token.Pos) int) {
	obj, ok := info.Uses[id]
	if !ok {
		return
	}
	var def Def
	var found bool
	switch o := obj.(type) {
	case *types.Func:
		def, found = b.defs[o.Pos()]
	case *types.Var:
		def, found = b.local[o.Pos()]
		if !found {
			if d, ok := b.defs[o.Pos()]; ok && d.Kind == "function" {
				def, found = d, true
			}
		}
	}
	if found {
		b.truth.References = append(b.truth.References, Call{Caller: caller, Callee: def, Line: line(id.Pos())})
	}
}

// importsOf records each import spec: a corpus package reaches each of its non-test files.
func (b *truthBuilder) importsOf(f *parsedFile) {
	for _, spec := range f.ast.Imports {
		path := strings.Trim(spec.Path.Value, "\"`")
		statement := ImportStatement{From: f.path, Specifier: path, Line: b.fset.Position(spec.Pos()).Line, Kind: "static"}
		if dir, ok := b.dirs[path]; ok {
			statement.Outcome = "corpus"
			name := b.packageName(dir)
			// An external test package (`package mux_test`) imports its directory's package as
			// its tests compile it: with the internal _test.go files, whose declarations it sees.
			ownTests := filepath.Dir(filepath.Join(b.root, f.path)) == dir
			for _, target := range b.filesOf(pkgKey{dir: dir, name: name, tests: ownTests}) {
				if target.path == f.path {
					continue
				}
				statement.To = append(statement.To, target.path)
				b.truth.Imports = append(b.truth.Imports, Import{From: f.path, To: target.path})
			}
		} else if b.ownModulePrefix(path) {
			statement.Outcome = "unresolved"
		} else {
			statement.Outcome = "external"
		}
		b.stats.ImportOutcomes[statement.Outcome]++
		b.truth.ImportStatements = append(b.truth.ImportStatements, statement)
	}
}

// ownModulePrefix: an import inside one of the corpus's modules that names no directory of it.
func (b *truthBuilder) ownModulePrefix(path string) bool {
	for mod := range b.modules {
		if path == mod || strings.HasPrefix(path, mod+"/") {
			return true
		}
	}
	return false
}
