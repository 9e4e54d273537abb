"""Drives the playground in headless Chromium (scripts/check-playground): each check is a
step a person takes, with an assertion that can fail. Prints one line per check and
'N passed, M failed' at the end; exits non-zero on any failure."""
import json
import os
import sys
import time
import traceback
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE, OUT = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
results = []


def check(name):
    def wrap(fn):
        try:
            fn()
            results.append((name, None))
            print("ok    " + name, flush=True)
        except Exception as e:  # noqa: BLE001 - every failure is reported, then the next check runs
            results.append((name, e))
            print("FAIL  %s: %s" % (name, e or repr(e)), flush=True)
            traceback.print_exc(limit=-2)
            try:
                driver.save_screenshot(os.path.join(OUT, "failed-%s.png" % name.replace(" ", "-")))
            except Exception:  # noqa: BLE001
                pass
        return fn
    return wrap


def post(path, body):
    req = urllib.request.Request(BASE + path, data=body.encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def status_of(path):
    try:
        with urllib.request.urlopen(BASE + path, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def wait(predicate, what, timeout=10):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: predicate())
    except Exception as e:
        raise AssertionError("timed out waiting for " + what) from e


def editor_text():
    return driver.execute_script("return document.getElementById('source').value")


def set_editor(text):
    driver.execute_script(
        "const s = document.getElementById('source'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input', {bubbles: true}));", text)


def choose_example(index):
    Select(driver.find_element(By.ID, "examples")).select_by_value(str(index))


def drawn():
    """The SVG's boxes: id -> pixel rectangle on the page, and the SVG's own transform."""
    return driver.execute_script("""
        const svg = document.getElementById('canvas'), box = svg.getBoundingClientRect();
        const out = {};
        for (const r of svg.querySelectorAll('rect.frame')) {
          const b = r.getBoundingClientRect();
          out[r.dataset.id] = [b.left - box.left, b.top - box.top, b.width, b.height, r.getAttribute('class')];
        }
        return {boxes: out, scale: +svg.dataset.scale, tx: +svg.dataset.tx, ty: +svg.dataset.ty};""")


def expect_boxes(answer, what):
    """Every frame of `answer` (root space) is one box at scale * frame + offset, to a pixel."""
    def ready():
        d = drawn()
        return d if set(d["boxes"]) == set(answer["frames"]) else None
    d = wait(ready, what + ": one box per view")
    s, tx, ty = d["scale"], d["tx"], d["ty"]
    for vid, f in answer["frames"].items():
        want = [tx + s * f["x"], ty + s * f["y"], s * max(0, f["width"]), s * max(0, f["height"])]
        got = d["boxes"][vid][:4]
        # A 1.5-pixel stroke widens the box by at most its half on each side.
        assert all(abs(a - b) <= 1.5 for a, b in zip(got, want)), "%s: %s drawn at %s, frame says %s" % (what, vid, got, want)
    return d


options = webdriver.ChromeOptions()
for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900", "--disable-gpu"]:
    options.add_argument(arg)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver"))
examples = []

try:
    @check("the page loads with no console error, and talks to the server through the TypeScript client")
    def _():
        driver.get(BASE + "/")
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#canvas rect.frame"), "the first example drawn")
        severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not severe, severe
        # The first solve went through clients/typescript (served as /playground/trellis.js):
        # the module loaded, and no request left the page before it had.
        loaded = driver.execute_script("""
            const all = performance.getEntriesByType('resource');
            const client = all.find((e) => e.name.endsWith('/playground/trellis.js'));
            const solve = all.find((e) => e.name.includes('/v1/layouts'));
            return client && solve ? [client.responseEnd, solve.startTime] : null;""")
        assert loaded and loaded[0] <= loaded[1], loaded
        assert driver.title == "Trellis playground", driver.title
        driver.save_screenshot(os.path.join(OUT, "loaded.png"))

    @check("the model's unit tests pass")
    def _():
        with open(os.path.join(ROOT, "playground", "model.test.js")) as f:
            r = driver.execute_script("return eval(arguments[0])", f.read())
        assert r["failed"] == 0 and r["passed"] >= 10, r
        print("      %d model tests passed" % r["passed"])

    @check("every example draws one box per view where its frame says")
    def _():
        names = driver.execute_script("return window.TrellisExamples.map(e => e.name)")
        assert len(names) >= 6, names
        for i, name in enumerate(names):
            choose_example(i)
            text = wait(lambda: editor_text() if '"views"' in editor_text() else None, "example text")
            answer = post("/v1/layouts?space=root", text)  # what the page sends, so locations match
            examples.append((name, text, answer))
            expect_boxes(answer, name)
            driver.save_screenshot(os.path.join(OUT, "example-%d.png" % i))

    @check("the conflict example shows its members in red and a card with file:line")
    def _():
        i = next(k for k, e in enumerate(examples) if "conflict" in e[0].lower())
        choose_example(i)
        d = expect_boxes(examples[i][2], "conflict")
        red = sorted(v for v, b in d["boxes"].items() if "conflict" in b[4])
        assert red == ["banner", "logo"], red
        card = wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#conflicts .card"), "a conflict card")[0]
        sources = [e.text for e in card.find_elements(By.CSS_SELECTOR, ".source")]
        assert "BannerView.swift:26" in sources and "BannerView.swift:25" in sources, sources
        broken = card.find_elements(By.CSS_SELECTOR, "li.broken")
        assert [b.get_attribute("data-id") for b in broken] == ["logo-height"], [b.text for b in broken]
        color = driver.execute_script("return getComputedStyle(document.querySelector('rect.frame.conflict')).stroke")
        r, g, b = [int(x) for x in color[color.index("(") + 1:color.index(")")].split(",")[:3]]
        assert r > 150 and g < 120 and b < 120, color
        broken[0].click()  # jumps to the constraint's line in the document
        line = driver.execute_script("const s = document.getElementById('source'); return s.value.slice(0, s.selectionStart).split('\\n').length")
        want = next(c["location"]["line"] for d in examples[i][2]["diagnostics"] for c in d.get("constraints", [])
                    if c["id"] == "logo-height")
        assert line == want, (line, want)
        driver.save_screenshot(os.path.join(OUT, "conflict.png"))

    @check("an error marks its line in the editor")
    def _():
        set_editor('{\n  "views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}],\n'
                   '  "constraints": ["root.widht == 5"]\n}')
        marked = wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#gutter span.error"), "a marked line")
        assert [m.get_attribute("data-line") for m in marked] == ["3"], [m.get_attribute("data-line") for m in marked]
        errors = driver.find_elements(By.CSS_SELECTOR, "#errors li")
        assert errors and "unknown-attribute" in errors[0].text, [e.text for e in errors]
        set_editor('{\n  "views": [\n    {"id": "root"\n  ]\n}')
        marked = wait(lambda: [m.get_attribute("data-line") for m in driver.find_elements(By.CSS_SELECTOR, "#gutter span.error")] or None, "a JSON syntax error marked")
        assert marked == ["4"], marked
        driver.save_screenshot(os.path.join(OUT, "error.png"))

    @check("a VFL line is marked in the gutter, and its error points at its column")
    def _():
        i = next(k for k, e in enumerate(examples) if "vfl" in e[0].lower())
        choose_example(i)
        expect_boxes(examples[i][2], "the VFL example")
        marked = [m.get_attribute("data-line") for m in driver.find_elements(By.CSS_SELECTOR, "#gutter span.vfl")]
        assert len(marked) == 2, marked
        text = '{\n  "views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}, {"id": "a", "superview": "root"}],\n  "constraints": ["H:|-[a]-"]\n}'
        set_editor(text)
        errors = wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#errors li"), "the VFL error listed")
        words = errors[0].text
        # The string starts at column 19 of line 3; its 9th character is where the view is missing.
        assert "vfl-syntax" in words and "line 3, column 28" in words and "Expected a view" in words, words
        assert [m.get_attribute("data-line") for m in driver.find_elements(By.CSS_SELECTOR, "#gutter span.error")] == ["3"]
        driver.save_screenshot(os.path.join(OUT, "vfl-error.png"))

    @check("live mode: dragging the corner resizes, an edited constant updates, leaving deletes")
    def _():
        choose_example(0)
        wait(lambda: '"card"' in editor_text() or None, "the card example")
        expect_boxes(examples[0][2], "card before live")
        driver.find_element(By.ID, "live").click()
        wait(lambda: driver.find_element(By.ID, "revision").get_attribute("data-revision") == "1", "a session at revision 1")
        sid = driver.execute_script("return window.TrellisPlayground.state.session.id")
        assert status_of("/v1/sessions/" + sid) == 200
        before = drawn()["boxes"]
        corner = driver.find_element(By.ID, "corner")
        ActionChains(driver).click_and_hold(corner).move_by_offset(-60, -30).move_by_offset(-40, -20).release().perform()
        wait(lambda: int(driver.find_element(By.ID, "revision").get_attribute("data-revision") or 0) >= 2, "a setFrame edit")
        wait(lambda: not driver.execute_script("return window.TrellisPlayground.state.edit.inFlight") or None, "edits settled")
        after = drawn()["boxes"]
        assert after["root"][2] < before["root"][2] - 20 and after["card"][2] < before["card"][2] - 20, (before, after)
        session = json.loads(urllib.request.urlopen(BASE + "/v1/sessions/%s?space=root" % sid, timeout=10).read())
        expect_boxes(session, "after the drag")
        assert "edit solved in" in driver.find_element(By.ID, "edit-time").text
        driver.save_screenshot(os.path.join(OUT, "live-dragged.png"))
        # Select the title and change the constant of title-min-width in the inspector.
        driver.find_element(By.CSS_SELECTOR, 'rect.frame[data-id="title"]').click()
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, '#inspector input[data-role="constant"][data-constraint="title-min-width"]'), "the constant field")
        revision = int(driver.find_element(By.ID, "revision").get_attribute("data-revision"))
        # As typing a number and leaving the field does (one step: the inspector redraws on answers).
        driver.execute_script("""const f = document.querySelector('#inspector input[data-role="constant"][data-constraint="title-min-width"]');
            f.focus(); f.value = '300'; f.dispatchEvent(new Event('change'));""")
        wait(lambda: int(driver.find_element(By.ID, "revision").get_attribute("data-revision")) > revision, "an update edit")
        session = json.loads(urllib.request.urlopen(BASE + "/v1/sessions/%s?space=root" % sid, timeout=10).read())
        assert session["frames"]["title"]["width"] == 300, session["frames"]["title"]
        expect_boxes(session, "after the update")
        driver.save_screenshot(os.path.join(OUT, "live-updated.png"))
        driver.find_element(By.ID, "live").click()
        wait(lambda: status_of("/v1/sessions/" + sid) == 404, "the session deleted")

    def revision():
        return int(driver.find_element(By.ID, "revision").get_attribute("data-revision") or 0)

    def settled():
        return driver.execute_script("return window.TrellisPlayground.settled()")

    def session_now(sid):
        return json.loads(urllib.request.urlopen(BASE + "/v1/sessions/%s?space=root" % sid, timeout=10).read())

    def follows(sid, what):
        """The editor, the URL (what Share copies) and the curl box follow the session."""
        session = session_now(sid)
        want = json.dumps(session["document"], indent=2)
        wait(lambda: editor_text() == want or None, what + ": the editor shows the session's document")
        shared = driver.execute_script("return TrellisModel.decodeFragment(location.hash.slice(1))")
        assert shared == want, what + ": the URL carries another document"
        curl = driver.find_element(By.ID, "curl").get_attribute("textContent")
        assert "-X POST" in curl and "/v1/sessions/%s/edits" % sid in curl, curl
        return session

    @check("live mode: a 20-step drag with pauses ends where the pointer is")
    def _():
        choose_example(0)
        wait(lambda: '"card"' in editor_text() or None, "the card example")
        driver.find_element(By.ID, "live").click()
        wait(lambda: revision() == 1 or None, "a session at revision 1")
        sid = driver.execute_script("return window.TrellisPlayground.state.session.id")
        start = session_now(sid)["frames"]["root"]
        scale = drawn()["scale"]
        ActionChains(driver).click_and_hold(driver.find_element(By.ID, "corner")).perform()
        for step in range(20):
            before = revision()
            ActionChains(driver).move_by_offset(-5, -4).perform()
            # A person's pause: the answer arrives and the canvas redraws before the next step.
            wait(lambda: (revision() > before and settled()) or None, "step %d answered" % (step + 1))
        ActionChains(driver).release().perform()
        wait(lambda: settled() or None, "the drag settled")
        end = session_now(sid)["frames"]["root"]
        want = (start["width"] - 100 / scale, start["height"] - 80 / scale)
        assert abs(end["width"] - want[0]) <= 1.01 and abs(end["height"] - want[1]) <= 1.01, (start, end, want, scale)
        assert revision() >= 21, revision()
        follows(sid, "after the drag")
        corner = driver.execute_script("const c = document.getElementById('corner'); return [+c.getAttribute('cx'), +c.getAttribute('cy')]")
        d = drawn()
        box = d["boxes"]["root"]
        assert abs(corner[0] - (box[0] + box[2])) <= 2 and abs(corner[1] - (box[1] + box[3])) <= 2, (corner, box)
        driver.save_screenshot(os.path.join(OUT, "live-20-steps.png"))
        driver.find_element(By.ID, "live").click()
        wait(lambda: status_of("/v1/sessions/" + sid) == 404, "the session deleted")

    @check("live mode: one row of a composite edits that relation only, switches off, takes a priority; editor and Share follow")
    def _():
        doc = {"views": [{"id": "card", "frame": {"x": 0, "y": 0, "width": 320, "height": 200}},
                         {"id": "title", "superview": "card", "intrinsicSize": {"width": 80, "height": 20}}],
               "constraints": [{"id": "c2", "view": "title", "attributes": ["top", "leading"], "to": "card", "offset": 12}]}
        set_editor(json.dumps(doc, indent=2))
        wait(lambda: set(drawn()["boxes"]) == {"card", "title"} or None, "the composite document drawn")
        driver.find_element(By.ID, "live").click()
        wait(lambda: revision() == 1 or None, "a session at revision 1")
        sid = driver.execute_script("return window.TrellisPlayground.state.session.id")
        driver.find_element(By.CSS_SELECTOR, 'rect.frame[data-id="title"]').click()
        rows = wait(lambda: [li.get_attribute("data-row") for li in driver.find_elements(By.CSS_SELECTOR, "#inspector li[data-row]")] or None, "the inspector's rows")
        assert rows == ["c2.top", "c2.leading"], rows
        texts = [li.find_element(By.CSS_SELECTOR, ".relation").text for li in driver.find_elements(By.CSS_SELECTOR, "#inspector li[data-row]")]
        assert texts == ["title.top == card.top + 12", "title.leading == card.leading + 12"], texts
        driver.execute_script("""const f = document.querySelector('#inspector input[data-role="constant"][data-constraint="c2.top"]');
            f.focus(); f.value = '40'; f.dispatchEvent(new Event('change'));""")
        wait(lambda: (revision() == 2 and settled()) or None, "the update answered")
        session = follows(sid, "after the row edit")
        assert session["frames"]["title"]["y"] == 40 and session["frames"]["title"]["x"] == 12, session["frames"]["title"]
        curl = driver.find_element(By.ID, "curl").get_attribute("textContent")
        assert '"op":"set","ids":["c2.top"]' in curl.replace(" ", "") and "leading" not in curl, curl
        expect_boxes(session, "after the row edit")
        texts = [li.find_element(By.CSS_SELECTOR, ".relation").text for li in driver.find_elements(By.CSS_SELECTOR, "#inspector li[data-row]")]
        assert texts == ["title.top == card.top + 40", "title.leading == card.leading + 12"], texts
        # The lifecycle: switch c2.leading off (drawn dashed and grey), then give c2.top a priority.
        driver.execute_script("""const t = document.querySelector('#inspector input[data-role="active"][data-constraint="c2.leading"]');
            t.click();""")
        wait(lambda: (revision() == 3 and settled()) or None, "the deactivate answered")
        session = follows(sid, "after the switch")
        assert [c.get("active") for c in session["document"]["constraints"]] == [None, False], session["document"]
        row = driver.find_element(By.CSS_SELECTOR, '#inspector li[data-row="c2.leading"]')
        assert "inactive" in row.get_attribute("class") and "dashed" in row.value_of_css_property("border-style"), row.get_attribute("class")
        driver.execute_script("""const f = document.querySelector('#inspector input[data-role="priority"][data-constraint="c2.top"]');
            f.focus(); f.value = '600'; f.dispatchEvent(new Event('change'));""")
        wait(lambda: (revision() == 4 and settled()) or None, "the priority set answered")
        session = follows(sid, "after the priority")
        assert session["document"]["constraints"][0].get("priority") == 600, session["document"]
        assert "optional @600" in driver.find_element(By.CSS_SELECTOR, '#inspector li[data-row="c2.top"]').text
        # The Share URL, opened elsewhere (not live), draws what the session answers.
        url = driver.current_url
        driver.find_element(By.ID, "live").click()
        wait(lambda: status_of("/v1/sessions/" + sid) == 404, "the session deleted")
        driver.switch_to.new_window("tab")
        driver.get(url)
        expect_boxes(session, "the shared URL after the edit")
        driver.save_screenshot(os.path.join(OUT, "live-row-edit.png"))
        driver.close()
        driver.switch_to.window(driver.window_handles[0])

    @check("a shared URL reopens the same layout")
    def _():
        i = next(k for k, e in enumerate(examples) if "form" in e[0].lower())
        choose_example(i)
        expect_boxes(examples[i][2], "sign-in form")
        url = driver.current_url
        assert "#doc=" in url, url
        driver.switch_to.new_window("tab")
        driver.get(url)
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#canvas rect.frame"), "the shared layout drawn")
        assert editor_text() == examples[i][1]
        assert Select(driver.find_element(By.ID, "examples")).first_selected_option.get_attribute("value") == str(i)
        expect_boxes(examples[i][2], "shared")
        driver.save_screenshot(os.path.join(OUT, "shared.png"))
    @check("a pasted Auto Layout log is drawn with its conflict, each member card at its log line")
    def _():
        driver.switch_to.window(driver.window_handles[0])
        with open(os.path.join(ROOT, "Tests/LayoutTests/Fixtures/autolayout-logs/02-springboard-syslog-margins-nsspace.log")) as f:
            paste = f.read()
        driver.find_element(By.ID, "log-mode").click()
        assert driver.find_element(By.ID, "log-mode").get_attribute("aria-pressed") == "true"
        set_editor(paste)
        # The views rebuilt from the log are drawn; those the conflict names are outlined.
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#canvas rect.frame.conflict"), "the conflict outlined")
        outlined = sorted(r.get_attribute("data-id") for r in driver.find_elements(By.CSS_SELECTOR, "#canvas rect.frame.conflict"))
        assert "UIButton_0x7fd94ccb1800" in outlined and "SPUISearchTableHeaderView_0x7fd94ccb3030" in outlined, outlined
        card = driver.find_elements(By.CSS_SELECTOR, "#conflicts .card")[0]
        assert "no width is below 0" in card.find_element(By.CSS_SELECTOR, ".explanation").text, card.text
        tips = [t.text for t in card.find_elements(By.CSS_SELECTOR, ".suggestions li")]
        assert any("UIView-Encapsulated-Layout-Width" in t for t in tips), tips
        # Each member names the paste line it came from; a click selects it in the editor.
        expected = json.loads(open(os.path.join(ROOT, "Tests/LayoutTests/Fixtures/autolayout-logs/02-springboard-syslog-margins-nsspace.json")).read())
        members = card.find_elements(By.CSS_SELECTOR, "li[data-id^='c']")
        assert len(members) >= 4, card.text
        lines = [int(m.text.split("line ")[-1]) for m in members]
        members[0].click()
        at = driver.execute_script("const s = document.getElementById('source'); return s.value.slice(0, s.selectionStart).split('\\n').length")
        assert at == lines[0], (at, lines)
        assert at > expected["logs"][0]["headerLine"], (at, expected["logs"][0]["headerLine"])
        status = driver.find_element(By.ID, "log-status").text
        assert "Auto Layout broke the constraint on line %d" % expected["logs"][0]["brokeLine"] in status, status
        driver.save_screenshot(os.path.join(OUT, "log-explained.png"))
        # The rebuilt document opens in the editor and solves to the same conflict.
        driver.find_element(By.ID, "open-document").click()
        wait(lambda: driver.find_element(By.ID, "log-mode").get_attribute("aria-pressed") == "false", "layout mode again")
        doc = json.loads(editor_text())
        assert any(c.get("id", "").endswith("_width_min") for c in doc["constraints"]), doc["constraints"]
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#conflicts .card .explanation"), "the document's conflict")
        driver.save_screenshot(os.path.join(OUT, "log-document.png"))
        choose_example(0)
        expect_boxes(examples[0][2], "the first example again")

    @check("dark mode follows prefers-color-scheme, and the page is keyboard reachable")
    def _():
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        color = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        r, g, b = [int(x) for x in color[color.index("(") + 1:color.index(")")].split(",")[:3]]
        assert r + g + b < 150, color
        driver.save_screenshot(os.path.join(OUT, "dark.png"))
        # Tab order reaches the examples menu, the live switch and the views on the canvas.
        reached = driver.execute_script("""
            const seen = [];
            for (const el of document.querySelectorAll('select, input, button, textarea, [tabindex]')) {
              if (el.tabIndex >= 0 && !el.closest('[hidden]')) seen.push(el.id || el.dataset.id || el.tagName);
            }
            return seen;""")
        for want in ["examples", "live", "source", "zoom-fit", "root"]:
            assert want in reached, (want, reached)
finally:
    driver.quit()

failed = [n for n, e in results if e is not None]
print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
sys.exit(1 if failed else 0)
