#!/usr/bin/env python3
# lms_import - what Canvas's and Moodle's gradebook imports do with a file
# `cairn report --format canvas|moodle` wrote, as a small model of each
# importer's rules, and the check that the import gives every owner with a
# result exactly its points and changes nothing else.
#
# Canvas: instructure/canvas-lms, app/models/gradebook_importer.rb (the
# version of 2025-2026: header?, update_column_count,
# strip_non_assignment_columns, parse_assignments, check_for_non_student_row,
# process_pp, process_student, no_change_to_value?), with
# Assignment.title_and_id (app/models/assignment.rb) and the export's
# columns (lib/gradebook_exporter.rb).
# Moodle: moodle/moodle 4.x, grade/import/csv/classes/load_data.php
# (prepare_import_grade_data, map_user_data_with_value, update_grade_item,
# import_new_grade_item, insert_grade_record), grade/import/lib.php
# (grade_import_commit: importonlyfeedback, feedback), and the mapping
# form's defaults (grade/import/grade_import_form.php: "Set defaults for
# mappings", "Auto-map matching grade items").
#
# Usage: lms_import.py canvas|moodle ROSTER FILE EXPECTED [--match COLUMN]
#        [--points-from set] [--root-account HOST]
# EXPECTED is JSON {"owner": {"set": "points"}}; exit 0 when the import is
# right, 1 with what went wrong on stderr.  Import as a module for the
# models alone.
import csv
import json
import re
import sys
import time


class Refused(Exception):
    """The importer stops the whole import."""


def rows(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return list(csv.reader(f, strict=True))


# ---------------------------------------------------------------- Canvas

def canvas_number(cell):
    # CSV::Converters[:decimal_comma_to_period]: the last '.' or ',' is the point
    if cell is not None and re.fullmatch(r"-?[0-9.,]+%?", cell):
        parts = re.split(r"[,.]", cell)
        last = parts.pop()
        return last if not parts else "".join(parts) + "." + last
    return cell


def title_and_id(s):
    # Assignment.title_and_id: /\A(.*)\s\((\d+)\)\z/
    m = re.fullmatch(r"(.*)\s\((\d+)\)", s)
    return (m.group(1), m.group(2)) if m else (s, None)


NON_ASSIGNMENT = re.compile("Current Score|Current Points|Current Grade|Final Score|"
                            "Final Points|Final Grade|Override Score|Override Grade|"
                            "Override Status")


RESERVED = ["Student", "LastName", "FirstName", "ID", "SIS User ID", "SIS Login ID",
            "Section", "Integration ID", "Root Account"]


def canvas_header(row):
    """update_column_count and header?: the student columns, or Refused."""
    if not (len(row) > 3 and "Student" in row[0] and "ID" in row[1]):
        raise Refused("InvalidHeaderRow: Student, ID")
    cols = {"n": 3}
    if re.search(r"SIS\s+Login\s+ID", row[2]):
        cols.update(login=2, n=4)
    elif re.search(r"SIS\s+User\s+ID", row[2]) and len(row) > 3 and \
            re.search(r"SIS\s+Login\s+ID", row[3]):
        i = 1 if len(row) > 4 and re.search(r"Integration\s+ID", row[4]) else 0
        cols.update(user=2, login=3, n=5 + i)
        if len(row) > 4 + i and re.search(r"Root\s+Account", row[4 + i]):
            cols.update(root=4 + i, n=6 + i)
    if "Section" not in row[cols["n"] - 1]:
        raise Refused("InvalidHeaderRow: the column before the assignments is not Section")
    return cols


def canvas_none(cell):
    return cell is None or cell.strip() in ("", "-")


def canvas_same(new, old):
    # no_change_to_value?(consider_excused: true)
    if new == old or (canvas_none(new) and canvas_none(old)):
        return True
    if canvas_none(new) or canvas_none(old):
        return False
    if new.upper() == "EX" or old.upper() == "EX":
        return False
    try:
        return round(float(new), 2) == round(float(old), 2)
    except ValueError:
        return False


class Canvas:
    """A course as its export (the roster) shows it."""

    def __init__(self, roster):
        r = rows(roster)
        head = r[0]
        # The export, read by its column names (a roster made by hand
        # need not be importable itself): GRADEBOOK_IMPORTER_RESERVED_NAMES.
        cols = {key: head.index(name) for key, name in
                (("user", "SIS User ID"), ("login", "SIS Login ID"), ("root", "Root Account"))
                if name in head}
        self.head, self.cols = head, cols
        self.assignments = {}       # id or title -> {"title", "points", "column"}
        for c in range(len(head)):
            if head[c] in RESERVED or NON_ASSIGNMENT.search(head[c]):
                continue
            title, aid = title_and_id(head[c])
            self.assignments[aid or title] = {"title": title, "points": None, "column": c}
        self.students = {}          # ID -> {"row", "grades": {key: cell}}
        for row in r[1:]:
            if row and "Points Possible" in row[0]:
                for a in self.assignments.values():
                    a["points"] = canvas_number(row[a["column"]] or None)
                continue
            if all(re.fullmatch(r"\s*(Muted|Manual Posting.*)?\s*", x or "", re.I) for x in row):
                continue
            self.students[row[1]] = {
                "row": row,
                "grades": {k: canvas_number(row[a["column"]]) for k, a in self.assignments.items()}}

    def find(self, header, cols, row):
        """process_student: by ID, then (root account, SIS User ID or login)."""
        if row[1] in self.students:
            return row[1]
        mine = self.cols
        for sid, s in self.students.items():
            root = s["row"][mine["root"]] if "root" in mine else ""
            root_in = row[cols["root"]] if "root" in cols else ""
            if root != root_in:
                continue
            for key in ("user", "login"):
                if key in cols and key in mine and row[cols[key]] and \
                        s["row"][mine[key]] == row[cols[key]]:
                    return sid
        return None

    def import_file(self, path):
        """The changes the import would make: grades and points possible."""
        r = rows(path)
        cols = canvas_header(r[0])
        changes = {"grades": {}, "points": {}, "new_assignments": [], "new_students": []}
        keys = {}
        for c in range(cols["n"], len(r[0])):
            h = r[0][c]
            if NON_ASSIGNMENT.search(h):
                continue
            title, aid = title_and_id(h)
            if aid and aid in self.assignments:
                keys[c] = aid
            elif any(a["title"] == h for a in self.assignments.values()):
                keys[c] = next(k for k, a in self.assignments.items() if a["title"] == h)
            else:
                keys[c] = "new:" + (title if aid else h)
                changes["new_assignments"].append(h)
        for row in r[1:]:
            if row and "Points Possible" in row[0]:
                for c, k in keys.items():
                    if c < len(row) and row[c] != "":
                        old = self.assignments.get(k, {}).get("points")
                        if old is None or float(canvas_number(row[c])) != float(old):
                            changes["points"][k] = canvas_number(row[c])
                continue
            if all(re.fullmatch(r"\s*(Muted|Manual Posting.*)?\s*", x or "", re.I) for x in row):
                continue
            sid = self.find(r[0], cols, row)
            if sid is None:
                changes["new_students"].append(row[0])
                continue
            for c, k in keys.items():
                new = canvas_number(row[c].strip()) if c < len(row) else None
                old = self.students[sid]["grades"].get(k)
                if not canvas_same(new, old):
                    changes["grades"][(sid, k)] = new
        return changes


def check_canvas(roster, path, expected, match, points_from, root=None):
    course = Canvas(roster)
    changes = course.import_file(path)
    bad = []
    if changes["new_students"]:
        bad.append("rows Canvas matches to no student: %s" % changes["new_students"])
    for k, p in changes["points"].items():
        if not k.startswith("new:") and points_from != "set":
            bad.append("points possible of assignment %s changed to %s" % (k, p))
    mc = course.head.index(match)
    for sid, s in course.students.items():
        owner = s["row"][mc]
        if root is not None and s["row"][course.head.index("Root Account")] != root:
            owner = None            # a login of another root account: not an owner
        for k, a in course.assignments.items():
            got = changes["grades"].get((sid, k), s["grades"][k])
            title = a["title"]
            want = expected.get(owner, {}).get(title)
            if want is None and (sid, k) in changes["grades"]:
                bad.append("student %s (%s): %s changed from %r to %r, with no result"
                           % (sid, owner, title, s["grades"][k], got))
            elif want is not None and not canvas_same(got, want):
                bad.append("student %s (%s): %s is %r, not %r" % (sid, owner, title, got, want))
    return bad


# ---------------------------------------------------------------- Moodle

USER_FIELDS = [("userid", "User ID"), ("username", "Username"),
               ("useridnumber", "ID number"), ("useremail", "Email address")]
TIME_EXPORTED = "Last downloaded from this course"


class Moodle:
    """A course as its grade export (the roster) shows it."""

    def __init__(self, roster, exported_at):
        r = rows(roster)
        self.head = [h.strip() for h in r[0]]
        self.items = {}             # display name -> column in the roster
        self.feedback_cols = {}
        for c, h in enumerate(self.head):
            if "(Real)" in h:
                self.items[h.split("(Real)")[0].strip()] = c
            elif "(Feedback)" in h:
                self.feedback_cols[h.split("(Feedback)")[0].strip()] = c
        self.users = r[1:]
        self.grades = {}            # (user index, item) -> float or None
        self.feedback = {}
        self.dategraded = exported_at - 60
        for u, row in enumerate(self.users):
            for item, c in self.items.items():
                v = row[c].strip()
                self.grades[(u, item)] = None if v in ("", "-") else float(v)
            for item, c in self.feedback_cols.items():
                self.feedback[(u, item)] = row[c]

    def user(self, field, value):
        label = dict(USER_FIELDS)[field]
        if label not in self.head:
            raise Refused("no %s to find users by" % label)
        found = [u for u, row in enumerate(self.users) if row[self.head.index(label)] == value]
        if len(found) != 1:
            # check_user_exists: get_record() finds none, or throws on two
            raise Refused("usermappingerror: %s %r" % (field, value))
        return found[0]

    def mapping(self, header):
        """The mapping form's defaults; a column left is mapped by hand."""
        mapfrom = None
        for field, label in USER_FIELDS:
            if label in header:
                mapfrom = (header.index(label), field)
                break
        if mapfrom is None:
            raise Refused("no column to map users from")
        m = {}
        for i, h in enumerate(header):
            if "(Real)" in h and h.split("(Real)")[0].strip() in self.items:
                m[i] = ("item", h.split("(Real)")[0].strip())
            elif "(Feedback)" in h and h.split("(Feedback)")[0].strip() in self.items:
                m[i] = ("feedback", h.split("(Feedback)")[0].strip())
            elif i != mapfrom[0] and h != TIME_EXPORTED and not h.endswith(" feedback"):
                m[i] = ("new", h)   # what the instructor picks for a set new to Moodle
        m[mapfrom[0]] = ("user", mapfrom[1])
        return m

    def import_file(self, path, now, unlimited=False):
        r = rows(path)
        header = [h.strip() for h in r[0]]
        m = self.mapping(header)
        timekey = header.index(TIME_EXPORTED) if TIME_EXPORTED in header else None
        grades, feedback, new = {}, {}, {}
        student = None              # prepare_import_grade_data sets it once, not per line
        for line in r[1:]:
            if len(line) <= 1:
                continue
            row_grades, row_feedback = [], []
            given = False
            for i, value in enumerate(line):
                value = value.strip()
                how, what = m.get(i, (None, None))
                if how == "user":
                    if value:
                        student = self.user(what, value)
                        given = True
                elif how == "item":
                    if value in ("", "-"):
                        row_grades.append((what, None))
                    else:
                        try:
                            row_grades.append((what, float(value)))
                        except ValueError:
                            raise Refused("badgrade: %r" % value)
                elif how == "feedback":
                    row_feedback.append((what, value))
                elif how == "new" and value != "-":
                    row_grades.append(("new:" + what, value))
            if student is None:
                raise Refused("usermappingerrorusernotfound")
            if not given:
                raise Refused("a row with no user: its grades go to the row before's")
            for item, g in row_grades:
                if not item.startswith("new:") and timekey:   # !empty($timeexportkey)
                    t = line[timekey]
                    if not re.fullmatch(r"[0-9]+", t) or int(t) > now or int(t) < now - 365 * 86400:
                        raise Refused("invalidgradeexporteddate")
                    if self.dategraded > int(t):
                        raise Refused("gradealreadyupdated")
                if g not in (None, "") and float(g) > (1e12 if unlimited else 100):
                    raise Refused("gradevaluetoobig")
                (new if item.startswith("new:") else grades)[(student, item)] = g
            for item, f in row_feedback:
                feedback[(student, item)] = f
        return grades, feedback, new


def check_moodle(roster, path, expected, match, now):
    course = Moodle(roster, now - 3600)
    grades, feedback, new = course.import_file(path, now)
    bad = []
    mc = course.head.index(match)
    for u, row in enumerate(course.users):
        owner = row[mc]
        for item in course.items:
            sets = [s for s in expected.get(owner, {}) if item == s or item.endswith(": " + s)]
            old = course.grades[(u, item)]
            got = grades.get((u, item), old)
            if not sets and got != old:
                bad.append("%s: %s changed from %r to %r, with no result" % (owner, item, old, got))
            elif sets and got != float(expected[owner][sets[0]]):
                bad.append("%s: %s is %r, not %s" % (owner, item, got, expected[owner][sets[0]]))
            if not sets and (u, item) in feedback and \
                    feedback[(u, item)] != course.feedback.get((u, item), feedback[(u, item)]):
                bad.append("%s: feedback of %s changed, with no result" % (owner, item))
        for (v, item), g in new.items():
            s = item[4:]
            if v == u and (g == "" or float(g) != float(expected.get(owner, {}).get(s, "nan"))):
                bad.append("%s: new item %s gets %r" % (owner, s, g))
    return bad


def moodle_now(roster):
    """An hour after the export, so that the check never depends on the clock."""
    r = rows(roster)
    if TIME_EXPORTED in r[0]:
        c = r[0].index(TIME_EXPORTED)
        return max(int(row[c]) for row in r[1:] if len(row) > c) + 3600
    return int(time.time())


def main(argv):
    fmt, roster, path, expected = argv[1], argv[2], argv[3], json.loads(argv[4])
    points_from = argv[argv.index("--points-from") + 1] if "--points-from" in argv else None
    match = argv[argv.index("--match") + 1] if "--match" in argv else \
        ("SIS Login ID" if fmt == "canvas" else "Username")
    try:
        if fmt == "canvas":
            root = argv[argv.index("--root-account") + 1] if "--root-account" in argv else None
            bad = check_canvas(roster, path, expected, match, points_from, root)
        else:
            bad = check_moodle(roster, path, expected, match, moodle_now(roster))
    except Refused as e:
        bad = ["the import is refused: %s" % e]
    for b in bad:
        print("%s: %s" % (path, b), file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
