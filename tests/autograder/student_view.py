#!/usr/bin/env python3
"""student_view.py gradescope|prairielearn FILE [--after-due] [--published]
- print, one line each, what a student is shown of the results.json FILE,
by the rules of each system, so that a test can say exactly what leaks
before the results are released.

Gradescope, as its "Autograder Specifications" say (docs/specs.md of
github.com/gradescope/autograder_samples, commit af5dee4, sections
"Output format", "Controlling Test Case Visibility" and "Controlling
standard output visibility"): a test takes the top-level `visibility`
unless it has its own (default "visible"); "hidden" is never shown,
"after_due_date" once the due date (the late one, if set) has passed
(--after-due), "after_published" once published (--published); while a
test is hidden the student sees no total score.  The top-level `output`
is taken to be shown at once whatever `visibility` says (the
specification does not say it follows it), and stdout as
`stdout_visibility` says (default hidden).

PrairieLearn, as its "External Grading" page says (docs/externalGrading.md
of github.com/PrairieLearn/PrairieLearn, commit 88fb855, "Grading
results") and as apps/prairielearn/src/lib/externalGraderCommon.ts
(makeGradingResult) reads the file: everything is shown as soon as it
is graded; a result with `gradable` false gets no score (the submission
is "invalid, not gradable", no attempt counted) and shows its message
and format_errors; otherwise the score (its percentage, and "correct"
when it is 1), the message, the output and each test's name, points,
max_points, message and output.
"""
import json
import sys


def shown(vis, after_due, published):
    return (vis == "visible" or (vis == "after_due_date" and after_due) or
            (vis == "after_published" and published))


def gradescope(r, after_due, published):
    lines = []
    if "output" in r:
        lines.append("output: " + r["output"])
    if shown(r.get("stdout_visibility", "hidden"), after_due, published):
        lines.append("stdout")
    default = r.get("visibility", "visible")
    all_shown = True
    for t in r.get("tests", []):
        vis = t.get("visibility", default)
        if not shown(vis, after_due, published):
            all_shown = all_shown and vis == "hidden"
            continue
        text = "test " + t.get("name", "?")
        if "score" in t:
            text += " %s/%s" % (t["score"], t.get("max_score", "?"))
        if "status" in t:
            text += " " + t["status"]
        lines.append(text + ": " + t.get("output", ""))
    if all_shown and "score" in r:
        lines.append("score: %s" % r["score"])
    return lines


def prairielearn(r):
    lines = []
    if r.get("gradable", True) is False:
        lines.append("not gradable")
    else:
        lines.append("score: %s%%" % round(r["score"] * 100, 2))
    for key in ("message", "output"):
        if key in r:
            lines.append("%s: %s" % (key, r[key]))
    errors = r.get("format_errors", [])
    for e in [errors] if isinstance(errors, str) else errors:
        lines.append("format error: " + e)
    if r.get("gradable", True) is False:
        return lines
    for t in r.get("tests", []):
        text = "test " + t.get("name", "?")
        if "points" in t:
            text += " %s/%s" % (t["points"], t.get("max_points", "?"))
        lines.append(text + ": " + t.get("message", "") + t.get("output", ""))
    return lines


def main():
    system, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        r = json.load(f)
    if system == "gradescope":
        lines = gradescope(r, "--after-due" in sys.argv, "--published" in sys.argv)
    else:
        lines = prairielearn(r)
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
