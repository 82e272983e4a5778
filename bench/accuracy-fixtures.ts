// Callers precision and recall for Python and Go on small hand-checked projects: every call
// in them is listed below with the definition it reaches (or none, for calls into the
// standard library). Run: bun bench/accuracy-fixtures.ts
// A listed edge ix misses lowers recall; an edge ix finds that is not listed lowers precision.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ixBinary } from "./binary";
import { edgesOf, withGraph } from "./graph";

interface Fixture {
  name: string;
  files: Record<string, string>;
  /** "callerFile:callerQname -> calleeFile:calleeQname", checked by hand. */
  expected: string[];
}

const PYTHON: Fixture = {
  name: "python (shop)",
  files: {
    "shop/__init__.py": "from .models import Order, Customer\nfrom .service import checkout\n",
    "shop/models.py": [
      "class Entity:",
      "    def save(self):",
      "        return self.validate()",
      "    def validate(self):",
      "        return True",
      "",
      "class Customer(Entity):",
      "    def __init__(self, name):",
      "        self.name = name",
      "    def display(self):",
      "        return self.name.title()",
      "",
      "class Order(Entity):",
      "    def __init__(self, customer: Customer):",
      "        self.customer = customer",
      "        self.lines = []",
      "    def add(self, sku, qty):",
      "        self.lines.append((sku, qty))",
      "        return self",
      "    def total(self, prices):",
      "        return sum(prices[s] * q for s, q in self.lines)",
      "    def describe(self):",
      "        return self.customer.display() + str(self.total({}))",
    ].join("\n"),
    "shop/pricing.py": [
      "from decimal import Decimal",
      "",
      "def round_price(value):",
      "    return Decimal(value).quantize(Decimal('0.01'))",
      "",
      "def apply_discount(total, percent):",
      "    return round_price(total * (100 - percent) / 100)",
    ].join("\n"),
    "shop/service.py": [
      "import logging",
      "from . import pricing",
      "from .models import Order, Customer",
      "from .pricing import apply_discount as discount",
      "",
      "log = logging.getLogger(__name__)",
      "",
      "def checkout(name, items, prices):",
      "    customer = Customer(name)",
      "    order = Order(customer)",
      "    for sku, qty in items:",
      "        order.add(sku, qty)",
      "    order.save()",
      "    total = order.total(prices)",
      "    log.info('checkout %s', order.describe())",
      "    return discount(pricing.round_price(total), 10)",
      "",
      "def label(entity):",
      "    if isinstance(entity, Customer):",
      "        return entity.display()",
      "    return entity.validate()",
      "",
      "def describe_all(orders: list[Order]):",
      "    for order in orders:",
      "        order.describe()",
      "    first = orders[0]",
      "    return first.total({})",
    ].join("\n"),
    "shop/cli.py": [
      "import sys",
      "from shop import checkout",
      "",
      "def main(argv=None):",
      "    args = argv or sys.argv[1:]",
      "    print(checkout(args[0], [], {}))",
      "",
      "def run():",
      "    return main()",
    ].join("\n"),
  },
  expected: [
    "shop/models.py:Entity.save -> shop/models.py:Entity.validate",
    "shop/models.py:Order.describe -> shop/models.py:Customer.display",
    "shop/models.py:Order.describe -> shop/models.py:Order.total",
    "shop/pricing.py:apply_discount -> shop/pricing.py:round_price",
    "shop/service.py:checkout -> shop/models.py:Customer",
    "shop/service.py:checkout -> shop/models.py:Order",
    "shop/service.py:checkout -> shop/models.py:Order.add",
    "shop/service.py:checkout -> shop/models.py:Entity.save",
    "shop/service.py:checkout -> shop/models.py:Order.total",
    "shop/service.py:checkout -> shop/models.py:Order.describe",
    "shop/service.py:checkout -> shop/pricing.py:apply_discount",
    "shop/service.py:checkout -> shop/pricing.py:round_price",
    "shop/service.py:label -> shop/models.py:Customer.display",
    "shop/service.py:describe_all -> shop/models.py:Order.describe",
    "shop/service.py:describe_all -> shop/models.py:Order.total",
    "shop/cli.py:main -> shop/service.py:checkout",
    "shop/cli.py:run -> shop/cli.py:main",
  ],
};

const GO: Fixture = {
  name: "go (inventory)",
  files: {
    "go.mod": "module example.com/inv\n\ngo 1.22\n",
    "store/store.go": [
      "package store",
      "",
      "import \"sync\"",
      "",
      "type Item struct { SKU string; Qty int }",
      "",
      "type Store struct {",
      "\tmu    sync.Mutex",
      "\titems map[string]*Item",
      "}",
      "",
      "func New() *Store { return &Store{items: map[string]*Item{}} }",
      "",
      "func (s *Store) Put(it *Item) {",
      "\ts.mu.Lock()",
      "\tdefer s.mu.Unlock()",
      "\ts.items[key(it.SKU)] = it",
      "}",
      "",
      "func (s *Store) Get(sku string) (*Item, bool) {",
      "\tit, ok := s.items[key(sku)]",
      "\treturn it, ok",
      "}",
      "",
      "func (s *Store) Adjust(sku string, delta int) bool {",
      "\tit, ok := s.Get(sku)",
      "\tif !ok {",
      "\t\treturn false",
      "\t}",
      "\tit.Qty += delta",
      "\ts.Put(it)",
      "\treturn true",
      "}",
      "",
      "func (it *Item) Valid() bool { return it.Qty >= 0 }",
      "",
      "func (s *Store) Check(sku string) bool {",
      "\tfor _, it := range s.items {",
      "\t\tif !it.Valid() {",
      "\t\t\treturn false",
      "\t\t}",
      "\t}",
      "\tone, ok := s.items[key(sku)]",
      "\treturn ok && one.Valid()",
      "}",
    ].join("\n"),
    "store/keys.go": "package store\n\nimport \"strings\"\n\nfunc key(sku string) string { return strings.ToUpper(sku) }\n",
    "report/report.go": [
      "package report",
      "",
      "import (",
      "\t\"fmt\"",
      "\tst \"example.com/inv/store\"",
      ")",
      "",
      "type Printer struct{ db *st.Store }",
      "",
      "func NewPrinter(db *st.Store) *Printer { return &Printer{db: db} }",
      "",
      "func (p *Printer) Line(sku string) string {",
      "\tit, ok := p.db.Get(sku)",
      "\tif !ok {",
      "\t\treturn missing(sku)",
      "\t}",
      "\treturn fmt.Sprintf(\"%s %d\", it.SKU, it.Qty)",
      "}",
      "",
      "func missing(sku string) string { return fmt.Sprintf(\"%s ?\", sku) }",
      "",
      "func Describe(v any) string {",
      "\tswitch x := v.(type) {",
      "\tcase *Printer:",
      "\t\treturn x.Line(\"a\")",
      "\tcase *st.Store:",
      "\t\tx.Adjust(\"a\", 0)",
      "\tcase *st.Item, error:",
      "\t\treturn fmt.Sprint(x)",
      "\t}",
      "\treturn missing(\"?\")",
      "}",
    ].join("\n"),
    "main.go": [
      "package main",
      "",
      "import (",
      "\t\"fmt\"",
      "\t\"example.com/inv/report\"",
      "\t\"example.com/inv/store\"",
      ")",
      "",
      "func main() {",
      "\tdb := store.New()",
      "\tdb.Put(&store.Item{SKU: \"a\", Qty: 1})",
      "\tdb.Adjust(\"a\", 2)",
      "\tp := report.NewPrinter(db)",
      "\tfmt.Println(p.Line(\"a\"))",
      "\tseed(db)",
      "}",
      "",
      "func seed(db *store.Store) { db.Put(&store.Item{SKU: \"b\"}) }",
    ].join("\n"),
  },
  expected: [
    "store/store.go:Store.Put -> store/keys.go:key",
    "store/store.go:Store.Get -> store/keys.go:key",
    "store/store.go:Store.Adjust -> store/store.go:Store.Get",
    "store/store.go:Store.Adjust -> store/store.go:Store.Put",
    "store/store.go:Store.Check -> store/store.go:Item.Valid",
    "store/store.go:Store.Check -> store/keys.go:key",
    "report/report.go:Printer.Line -> store/store.go:Store.Get",
    "report/report.go:Printer.Line -> report/report.go:missing",
    "report/report.go:Describe -> report/report.go:Printer.Line",
    "report/report.go:Describe -> store/store.go:Store.Adjust",
    "report/report.go:Describe -> report/report.go:missing",
    "main.go:main -> store/store.go:New",
    "main.go:main -> store/store.go:Store.Put",
    "main.go:main -> store/store.go:Store.Adjust",
    "main.go:main -> report/report.go:NewPrinter",
    "main.go:main -> report/report.go:Printer.Line",
    "main.go:main -> main.go:seed",
    "main.go:seed -> store/store.go:Store.Put",
  ],
};

const BIN = ixBinary();

console.log("| fixture | expected | found | correct | precision | recall |\n|---|---|---|---|---|---|");
for (const fixture of [PYTHON, GO]) {
  const dir = mkdtempSync(join(tmpdir(), "ix-fixture-"));
  for (const [path, text] of Object.entries(fixture.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text + "\n");
  }
  const home = mkdtempSync(join(tmpdir(), "ix-fixture-home-"));
  const map = Bun.spawnSync([BIN, "map", dir, "--format", "llm"], { env: { ...process.env, IX_HOME: home } });
  if (map.exitCode !== 0) throw new Error(map.stdout.toString());
  const found = await withGraph(home, dir, async (graph) => (await edgesOf(graph, "CALLS")).map((e) => `${e.src.path}:${e.src.qname} -> ${e.dst.path}:${e.dst.qname}`));
  const expected = new Set(fixture.expected);
  const correct = found.filter((edge) => expected.has(edge));
  const precision = found.length ? correct.length / found.length : 1;
  const recall = correct.length / expected.size;
  console.log(`| ${fixture.name} | ${expected.size} | ${found.length} | ${correct.length} | ${(100 * precision).toFixed(1)}% | ${(100 * recall).toFixed(1)}% |`);
  for (const edge of found.filter((e) => !expected.has(e))) console.log(`  wrong: ${edge}`);
  for (const edge of fixture.expected.filter((e) => !found.includes(e))) console.log(`  missed: ${edge}`);
}
