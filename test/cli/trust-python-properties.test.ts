// Reading a Python property runs its getter (issue 31, item 2): `callers` of a property read
// only as `response.has_redirect_location` answered total=0, and impact said nothing reached it.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

const FILES = {
  "web/__init__.py": "",
  "web/models.py": [
    "import functools", //                                     1
    "", //                                                     2
    "class URL:", //                                           3
    "    @property", //                                        4
    "    def host(self) -> str:", //                           5
    '        return "example.org"', //                         6
    "", //                                                     7
    "class Request:", //                                       8
    "    def __init__(self, url: str) -> None:", //            9
    "        self.url = URL() if url else URL()", //           10
    "", //                                                     11
    "class Response:", //                                      12
    "    def __init__(self, request: Request) -> None:", //    13
    "        self._request = request", //                      14
    "        self.status_code = 302", //                       15
    "", //                                                     16
    "    @property", //                                        17
    "    def request(self) -> Request:", //                    18
    "        return self._request", //                         19
    "", //                                                     20
    "    @property", //                                        21
    "    def has_redirect_location(self) -> bool:", //         22
    "        return self.status_code == 302", //               23
    "", //                                                     24
    "    @functools.cached_property", //                       25
    "    def text(self) -> str:", //                           26
    '        return ""', //                                    27
    "", //                                                     28
    "    @property", //                                        29
    "    def encoding(self) -> str:", //                       30
    '        return "utf-8"', //                               31
    "", //                                                     32
    "    @encoding.setter", //                                 33
    "    def encoding(self, value: str) -> None:", //          34
    "        pass", //                                         35
    "", //                                                     36
    "    def raise_for_status(self) -> None:", //              37
    "        if self.has_redirect_location:", //               38
    "            raise ValueError(self.status_code)", //       39
    "",
  ].join("\n"),
  "web/client.py": [
    "from web.models import Response", //                      1
    "", //                                                     2
    "def follow(response: Response) -> str:", //               3
    "    if response.has_redirect_location:", //               4
    "        return response.request.url.host", //             5
    '    response.encoding = "ascii"', //                      6
    "    check = response.raise_for_status", //                7
    "    print(response.status_code)", //                      8
    "    return response.text", //                             9
    "", //                                                     10
    "def shout(response: Response) -> str:", //                11
    "    return response.encoding.upper()", //                 12
    "",
  ].join("\n"),
};

async function mapped(): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir("ix-py-prop-"), FILES);
  const home = tempDir("ix-py-prop-home-");
  expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

function answer(g: { root: string; home: string }, ...args: string[]): string[] {
  const r = ix([...args, "--format", "llm"], { cwd: g.root, home: g.home });
  expect(r.code).toBe(0);
  return r.lines;
}

/** Each caller row as `name site also`. */
function callSites(g: { root: string; home: string }, target: string): string[] {
  return answer(g, "callers", target)
    .filter((l) => l.startsWith("ref "))
    .map((l) => [/ name=(\S+)/, / site=(\S+)/, / also=(\S+)/].map((re) => re.exec(l)?.[1] ?? "").join(" ").trim());
}

describe("a property read is a call of its getter", () => {
  test("response.has_redirect_location, self.has_redirect_location, a cached_property, and a chain typed through a property's return annotation", async () => {
    const g = await mapped();
    expect(callSites(g, "web/models.py:22")).toEqual(["follow web/client.py:4", "raise_for_status web/models.py:38"]);
    expect(callSites(g, "web/models.py:26")).toEqual(["follow web/client.py:9"]);
    // Response.request -> Request; its url field is a URL (either branch constructs one); URL.host a property.
    expect(callSites(g, "web/models.py:18")).toEqual(["follow web/client.py:5"]);
    expect(callSites(g, "web/models.py:5")).toEqual(["follow web/client.py:5"]);
    expect(answer(g, "impact", "web/models.py:22").find((l) => l.startsWith("impact "))).toMatch(/ summary="Localized; 2 dependents within 2 hops in 2 files at risk; /);
  });

  test("a write runs the setter, not the getter, and a read the getter, not the setter; a field or a method read is no call and no unresolved site", async () => {
    const g = await mapped();
    expect(callSites(g, "web/models.py:34")).toEqual(["follow web/client.py:6"]);
    // A read through a chain runs the getter, though the setter is declared after it.
    expect(callSites(g, "web/models.py:30")).toEqual(["shout web/client.py:12"]);
    // `check = response.raise_for_status` hands the method over: a reference, no call.
    expect(answer(g, "callers", "raise_for_status").filter((l) => l.startsWith("ref "))).toEqual([expect.stringMatching(/^ref name=follow .* use=reference/)]);
    expect(answer(g, "callees", "follow").filter((l) => l.startsWith("callees "))).toEqual([expect.not.stringMatching(/unresolved=/)]);
  });
});
