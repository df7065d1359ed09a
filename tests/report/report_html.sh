#!/bin/sh
# report_html - `cairn report --format html`, rendered by headless Chromium.
#
# The example class (examples/class) is processed by the real `cairn
# solve`, alone and with one more submission whose submitter and answer
# ids are markup; the page must show them as text and hold no script and no
# external resource (so it reads the same with scripts off).  Chromium
# (Debian's `chromium`, installed here when missing; the test is skipped
# when it cannot run) renders the page: --dump-dom gives the DOM whose
# text is checked (and which must have no script element), and
# --screenshot a picture of the class's page that is kept as
# tests/report/report.png in the build tree (examples/class/report.png,
# which the README shows, is a copy of it).  Last, a class of 1,000
# generated submissions must give a page that grows linearly from one of
# 100, by at most 1 KiB a submission (feedback given more than once is
# listed once and referred to), and that Chromium still renders
# completely.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin
class="$top_srcdir/examples/class"

# The class as examples/class has it, and with one more submission.
results "$tmp/class" "$class/problems" "$class"/submissions/*
cat > "$tmp/mallory.yaml" <<'EOT'
problem_set: hw1
submitter: "<script>alert(1)</script>"
answers:
  warmup: {diff: 1}
  "<img src=x onerror=alert(2)>": {diff: 1}
EOT
results "$tmp/more" "$class/problems" "$class"/submissions/* \
	"$tmp/mallory.yaml"
run 0 "$cairn" report --format html -o "$tmp/class.html" "$tmp/class"
same_file /dev/null "$tmp/out"
same_file /dev/null "$tmp/err"
run 0 "$cairn" report --format html -o "$tmp/more.html" "$tmp/more"

# Self-contained and inert: no script, no style sheet or image to fetch.
# Escaped text holds no "<", so every "<...>" is a real tag.
for page in "$tmp/class.html" "$tmp/more.html"; do
	grep -o '<[^>]*>' "$page" | grep -Ei '^<(script|link|img|iframe|object|embed|base)|[[:space:]](src|on[a-z]+)=|href="[a-z]+:' \
		> "$tmp/tags" || true
	same_file /dev/null "$tmp/tags"
	if grep -Eiq 'url\(|@import' "$page"; then
		fail "the style of $page fetches something"
	fi
done
grep -F -q '<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>' "$tmp/more.html" ||
	fail "the submitter is not escaped in the page"
grep -F -q '&lt;img src=x onerror=alert(2)&gt;' "$tmp/more.html" ||
	fail "the answer id is not escaped in the page"

# Chromium, installed when missing.
browser=$(command -v chromium || true)
if [ -z "$browser" ] && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null
then
	sh "$top_srcdir/tests/deps.sh" --only chromium > "$tmp/apt.log" 2>&1 || true
	browser=$(command -v chromium || true)
fi
if [ -z "$browser" ]; then
	echo "SKIP: chromium is not installed and cannot be installed here"
	exit 77
fi

# chrome FLAGS... URL - headless Chromium, offline, a fresh profile each time
chrome() {
	profile=$(mktemp -d "$tmp/profile.XXXXXX")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$profile" "$@" 2> "$tmp/chrome.err"
}

if ! chrome --dump-dom "file://$tmp/class.html" > "$tmp/class.dom" ||
	! grep -q '</html>' "$tmp/class.dom"; then
	tail -5 "$tmp/chrome.err"
	echo "SKIP: chromium cannot run here"
	exit 77
fi
chrome --dump-dom "file://$tmp/more.html" > "$tmp/more.dom" ||
	fail "chromium did not render the page with markup in it"

# want DOM TEXT - the page shows TEXT, as the DOM has it
want() {
	checks=$((checks + 1))
	grep -F -q "$2" "$1" || fail "${1##*/} does not show: $2"
}
for dom in "$tmp/class.dom" "$tmp/more.dom"; do
	if grep -qi '<script' "$dom"; then
		fail "the DOM of ${dom##*/} has a script element"
	fi
done
dom=$tmp/class.dom
want "$dom" '<title>cairn report: 13 submissions</title>'
want "$dom" '<dt>Submissions</dt><dd>13</dd><dt>With a score</dt><dd>12</dd><dt>File errors</dt><dd>1</dd><dt>Mean score</dt><dd>0.6574</dd><dt>Median score</dt><dd>0.6111</dd>'
want "$dom" '<title>3 with a score from 0.9 to 1</title>'
want "$dom" '<tr><td><a href="#s7">fatima.yaml</a></td><td></td><td>Fatima</td><td>hw1</td><td>0.5556</td><td>5/9</td><td>3</td><td>0</td><td>0</td><td>4</td></tr>'
want "$dom" '<tr><td>greedy-fails</td><td class="n">6</td><td class="n">4</td><td class="n">1</td><td class="n">1</td><td class="n">0</td><td>Alice 11, Bob 4 (diff 7, Alice wins); first move right</td><td><ol class="wrong"><li><q>alice 3, bob 13, diff 5</q> ×1</li><li><q>alice: expected 5, optimal play gives 11; bob: expected 10, optimal play gives 4…</q> ×1</li><li><q>diff 5</q> ×1</li></ol></td></tr>'
want "$dom" '<tr><td>warmup</td><td class="n">10</td><td class="n">1</td><td class="n">0</td><td class="n">1</td><td class="n">0</td><td>Alice 9, Bob 8 (diff 1, Alice wins); first move left; line <q>LRRL</q></td><td><ol class="wrong"><li><q>moves LLRL</q> ×1</li></ol></td></tr>'
want "$dom" '<p>No puzzles: every result of this set is a file error.</p>'
want "$dom" '<article id="s3"><h3>bilal.yaml</h3>'
# A submission's puzzles, one row per verdict, each with its feedback.
want "$dom" '<tr><td class="vc">correct</td><td>warmup, three, bob-wins, all-equal, negatives</td></tr>
<tr><td class="vw">wrong</td><td>greedy-fails <q>diff: expected 5, optimal play gives 7 (Alice 11, Bob 4); optimal line R L L L</q></td></tr>'
want "$dom" '<p class="err">File error: unknown problem set "hw9"</p>'
want "$dom" '<tr><td class="vm">missing</td><td>greedy-fails, bob-wins, all-equal, negatives</td></tr>'
dom=$tmp/more.dom
want "$dom" '<td><a href="#s14">mallory.yaml</a></td><td></td><td>&lt;script&gt;alert(1)&lt;/script&gt;</td>'
want "$dom" '<p class="meta">by &lt;script&gt;alert(1)&lt;/script&gt; · problem set'
# An answer to an id the set lacks is no puzzle of the set: shown in the
# submission only.
want "$dom" '<tr><td class="vi">invalid</td><td>&lt;img src=x onerror=alert(2)&gt; <q>unknown puzzle id "&lt;img src=x onerror=alert(2)&gt;" in problem set "hw1"</q></td></tr>'
checks=$((checks + 1))
if grep -F -q '<tr><td>&lt;img src=x onerror=alert(2)&gt;</td><td class="n">' "$dom"; then
	fail "an answer to an unknown id is counted as a puzzle of the set"
fi

# A picture of the class's page, kept in the build tree.
chrome --hide-scrollbars --window-size=1100,1900 \
	--screenshot="$tmp/report.png" "file://$tmp/class.html" > /dev/null ||
	true
checks=$((checks + 1))
if [ "$(head -c 8 "$tmp/report.png" 2> /dev/null | od -An -c | tr -d ' ')" \
	!= '211PNG\r\n032\n' ]; then
	fail "no screenshot"
else
	mkdir -p "$top_builddir/tests/report"
	cp "$tmp/report.png" "$top_builddir/tests/report/report.png"
fi

# Linear size: 1,000 submissions against 100, each of 20 puzzles, at
# most 1 KiB a submission; feedback that repeats is written once.
gen() {
	mkdir "$tmp/gen$1"
	awk -v n="$1" -v dir="$tmp/gen$1" 'BEGIN {
		for (s = 1; s <= n; s++) {
			f = sprintf("%s/s%05d.result.yaml", dir, s)
			printf "format: cairn-result/1\nsource: s%05d.yaml\n" \
				"status: ok\nproblem_set: big\nsubmitter: " \
				"Student %d\npuzzles:\n", s, s > f
			c = 0
			for (p = 1; p <= 20; p++) {
				v = (s * 7 + p * 3) % 4
				printf "  - id: p%d\n    line: %d\n    alice: 9\n" \
					"    bob: 8\n    diff: 1\n    first_move: " \
					"left\n", p, p + 3 > f
				if (v == 0) { printf "    verdict: correct\n" > f; c++ }
				else if (v == 3) printf "    verdict: missing\n" > f
				else printf "    verdict: wrong\n    checks:\n" \
					"      diff: {expected: %d, actual: 1, " \
					"ok: false}\n    feedback: \"diff: expected " \
					"%d, optimal play gives 1 (Alice 9, Bob 8)\"\n",
					v * 10 + p % 3, v * 10 + p % 3 > f
			}
			printf "summary: {puzzles: 20, graded: 20, correct: %d, " \
				"points: %d, max_points: 20}\n", c, c > f
			close(f)
		}
	}'
	"$cairn" report --format html "$tmp/gen$1" > "$tmp/gen$1.html"
}
gen 100
gen 1000
s100=$(wc -c < "$tmp/gen100.html")
s1000=$(wc -c < "$tmp/gen1000.html")
checks=$((checks + 1))
# The fixed part (style, histogram, puzzles, folded feedback) makes the
# ratio under 10.
if [ $((s1000 * 100 / s100)) -lt 800 ] || [ $((s1000 * 100 / s100)) -gt 1000 ] ||
	[ $(((s1000 - s100) / 900)) -gt 1024 ]
then
	fail "1,000 submissions give $s1000 bytes, 100 give $s100: not linear, or over 1 KiB each"
fi
checks=$((checks + 1))
grep -F -q '<li id="f1"><b>F1</b>diff: expected 21, optimal play gives 1 (Alice 9, Bob 8)</li>' "$tmp/gen1000.html" ||
	fail "no folded feedback F1"
checks=$((checks + 1))
grep -F -q '<tr><td class="vw">wrong</td><td>p1 <a href="#f1">F1</a>, ' "$tmp/gen1000.html" ||
	fail "no reference to the folded feedback F1"
chrome --dump-dom "file://$tmp/gen1000.html" > "$tmp/dom1000.html" ||
	fail "chromium did not render 1,000 submissions within 120 s"
grep -o '<article id="s' "$tmp/dom1000.html" | wc -l | tr -d ' ' \
	> "$tmp/n"
same_text 1000 "$tmp/n"

finish
