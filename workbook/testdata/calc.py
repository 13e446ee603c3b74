#!/usr/bin/python3
"""Drive LibreOffice Calc the way a student would, for the workbook tests.

Usage: /usr/bin/python3 calc.py IN.xlsx OUT.xlsx < job.json

The job (JSON on stdin; every key optional):

  {"set": [{"sheet": "Puzzle 1", "cell": "C2", "input": "5"}, ...],
   "read": [{"sheet": "Puzzle 1", "range": "B12"}, ...],
   "protection": [{"sheet": "Puzzle 1", "range": "B2:J10"}],
   "timeout": 120}

It starts a private headless soffice (its own profile in a temporary
directory, its own named pipe, the en-US locale), loads a copy of IN hidden,
types each "set" input into its cell in order, recalculates everything,
stores the document to OUT with the "Calc Office Open XML" filter (OUT ""
skips saving), and prints one JSON object:

  {"values":         {"Puzzle 1!B12": "51 cells to go", ...},  # getString
   "types":          {"Puzzle 1!B12": "text", ...},  # empty|number|text|error
   "formulas":       {"Puzzle 1!B12": "=COUNTBLANK(...)", ...},  # formula cells
   "locked":         {"Puzzle 1!B2": true, ...},
   "formula_hidden": {"Puzzle 1!B2": false, ...},
   "protected":      {"Puzzle 1": true, ...},       # every sheet
   "sheets":         ["Puzzle 1", ...],
   "refused":        ["Puzzle 1!B2", ...],  # sets into locked cells, not typed
   "load_errors":    ["...", ...],   # what the import asked or warned about
   "repaired":       false}          # the package was broken and repaired

Input is parsed as XCell.setFormula parses it, in English: "5" is a
number, "A" text, "=SUM(B2:J2)" a formula, and "" deletes the contents as
the Delete key does; "'5", as typed in Calc's window, is the text "5". Unlike typing in Calc's window it applies no automatic
format ("50%" shows as 0.5) and no data validation.

A "set" into a locked cell of a protected sheet is not typed but listed in
"refused", as Calc's window refuses it. The scripting API itself writes
values past sheet protection (though it silently drops deletions there),
and Calc's own refusal (via the .uno:EnterString dispatch) raises a dialog
that crashes a headless soffice, so this refusal only mirrors the flags
that "locked" and "protected" report: it does not test that Calc enforces
them.

"values" are the cells' text as shown (what XCell.getString gives), taken
from a CSV export of the sheet with contents as shown, which is the same
text and avoids a slow call per cell.

Failures exit non-zero with a message on stderr: 1 when the run fails, 2
for bad arguments or a malformed job, 3 on timeout, 128+N on signal N.
soffice is always killed, and the whole run is bounded by the timeout (a
watchdog thread kills soffice and exits even if a UNO call blocks).
SIGTERM, SIGINT and SIGHUP are handled the same way, so a caller that
cancels with SIGTERM leaves nothing behind (SIGKILL would orphan soffice).
"""

import csv
import hashlib
import json
import os
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

PROG = "calc.py"
DEFAULT_TIMEOUT = 120.0
CLEANUP_GRACE = 20.0  # seconds past the timeout for a failing run to clean up
SOFFICE_CANDIDATES = ("soffice", "/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice")


class Failure(Exception):
    """A failure to report on stderr with exit status 1."""


class StartFailure(Failure):
    """soffice exited before it accepted a connection."""


def log(msg):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    sys.stderr.flush()


def find_soffice():
    for c in SOFFICE_CANDIDATES:
        p = shutil.which(c)
        if p:
            return p
    raise Failure("soffice not found (install libreoffice-calc)")


class Office:
    """A private headless soffice in its own process group."""

    def __init__(self, workdir):
        self.workdir = workdir
        self.pipe = "xlsudoku-calc-%d-%s" % (os.getpid(), secrets.token_hex(6))
        self.profile_url = path_url(os.path.join(workdir, "profile"))
        self.logpath = os.path.join(workdir, "soffice.log")
        self.proc = None
        self.lock = threading.Lock()
        self.terminating = False  # asked to quit: worth waiting for

    def start(self):
        args = [
            find_soffice(),
            "-env:UserInstallation=" + self.profile_url,
            "--headless", "--invisible", "--nologo", "--norestore",
            "--nodefault", "--nolockcheck", "--nofirststartwizard",
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % self.pipe,
        ]
        # The C locale makes Calc en-US whatever the machine's, so shown
        # numbers ("0.5", not "0,5") do not depend on where tests run.
        env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANGUAGE"}
        env["LANG"] = env["LC_ALL"] = "C.UTF-8"
        logf = open(self.logpath, "wb")
        try:
            with self.lock:
                while ABANDONED.is_set():
                    # The watchdog is killing soffice and ending the run
                    # (it read self.proc under this lock): an soffice
                    # started now would outlive us. Wait for its os._exit.
                    # (Seen under load: a signal during a second start.)
                    self.lock.release()
                    try:
                        time.sleep(1)
                    finally:
                        self.lock.acquire()
                self.proc = subprocess.Popen(
                    args, stdin=subprocess.DEVNULL, stdout=logf, stderr=logf,
                    start_new_session=True, cwd=self.workdir, env=env)
        finally:
            logf.close()

    def log_tail(self):
        """The end of soffice's output, without its usual noise."""
        try:
            with open(self.logpath, "rb") as f:
                data = f.read()[-2000:].decode("utf-8", "replace")
        except OSError:
            return ""
        return "\n".join(l for l in data.splitlines()
                         if l.strip() and "failed to launch javaldx" not in l)

    def remove_pipes(self):
        """Remove the socket files a killed soffice leaves in /tmp.

        One is our --accept pipe, one soffice's own single-instance pipe,
        named for the MD5 of the UTF-16 profile URL in unpadded hex.
        """
        digest = hashlib.md5(self.profile_url.encode("utf-16-le")).digest()
        ipc = "SingleOfficeIPC_" + "".join("%x" % b for b in digest)
        for d in ("/tmp", "/var/tmp"):
            for name in (self.pipe, ipc):
                try:
                    os.unlink(os.path.join(d, "OSL_PIPE_%d_%s" % (os.getuid(), name)))
                except OSError:
                    pass

    def launch(self, deadline, attempts=3):
        """Start soffice and connect, starting it afresh if it dies first.

        A fresh soffice has been seen to abort while it starts, on a
        machine busy with other tests (WrappedTargetRuntimeException, signal
        6, in CI on 24 November 2026), with nothing of ours loaded yet. Such
        a start is retried with a new profile and pipe; any later failure is
        the job's.
        """
        for attempt in range(1, attempts + 1):
            self.start()
            try:
                return self.connect(deadline)
            except StartFailure as e:
                if attempt == attempts or time.monotonic() >= deadline:
                    raise
                log("%s (start %d of %d; starting again)" % (e, attempt, attempts))
                self.kill()
                self.remove_pipes()
                self.pipe = "xlsudoku-calc-%d-%s" % (os.getpid(), secrets.token_hex(6))
                self.profile_url = path_url(os.path.join(self.workdir, "profile%d" % (attempt + 1)))

    def connect(self, deadline):
        """Connect over UNO, retrying while soffice starts up."""
        import uno

        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local)
        url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % self.pipe
        delay = 0.1
        last = "no answer"
        while True:
            code = self.proc.poll()
            if code is not None:
                raise StartFailure("soffice exited with status %d before accepting a connection: %s"
                                   % (code, self.log_tail() or "(no output)"))
            try:
                ctx = resolver.resolve(url)
                desktop = ctx.ServiceManager.createInstanceWithContext(
                    "com.sun.star.frame.Desktop", ctx)
                if desktop is not None:
                    return ctx, desktop
                last = "no Desktop service"
            except Exception as e:  # NoConnectException until it listens; others while it starts
                last = "%s: %s" % (type(e).__name__, getattr(e, "Message", "") or e)
            if time.monotonic() + delay > deadline:
                raise Failure("soffice did not accept a UNO connection in time (%s): %s"
                              % (last, self.log_tail() or "(no output)"))
            time.sleep(delay)
            delay = min(delay * 1.5, 1.0)

    def kill(self, grace=0.0):
        """Kill the whole process group, after up to grace seconds for a clean exit.

        Returns once no process of the group is left (or after a few seconds).
        """
        with self.lock:
            proc = self.proc
        if proc is None:
            return
        if grace > 0:
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        end = time.monotonic() + 5
        sig = signal.SIGTERM
        while True:
            proc.poll()  # reap the launcher so a zombie does not count as alive
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                return
            except PermissionError:
                return
            if time.monotonic() > end:
                return
            time.sleep(0.1)
            if time.monotonic() > end - 3:
                sig = signal.SIGKILL
            else:
                sig = 0


def path_url(path):
    import urllib.parse
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def props(**kw):
    import uno
    from com.sun.star.beans import PropertyValue
    out = []
    for k, v in kw.items():
        p = PropertyValue()
        p.Name = k
        p.Value = v
        out.append(p)
    return tuple(out)


def col_name(col):
    s = ""
    col += 1
    while col:
        col, r = divmod(col - 1, 26)
        s = chr(ord("A") + r) + s
    return s


def patch_pyuno():
    """Let pyuno hand exceptions to Python 3.11 and later.

    Interaction requests are UNO exceptions; pyuno builds them by setting
    each attribute, "args" included, on the UNO value, which fails there
    (LibreOffice 7.4). BaseException keeps its own args.
    """
    import uno
    orig = uno._uno_struct__setattr__
    if getattr(orig, "_xlsudoku", False):
        return

    def setattr_(self, name, value):
        if name == "args":
            return object.__setattr__(self, name, value)
        return orig(self, name, value)

    setattr_._xlsudoku = True
    uno._uno_struct__setattr__ = setattr_


def make_handler():
    """An interaction handler that records what loading asks and approves it.

    A broken package comes as a BrokenPackageRequest; approving it repairs
    the document, as a user clicking "Yes" does. If the repair fails a
    second request offers only Abort.
    """
    import unohelper
    from com.sun.star.task import XInteractionHandler

    patch_pyuno()

    class Handler(unohelper.Base, XInteractionHandler):
        def __init__(self):
            self.events = []
            self.repair_approved = False

        def handle(self, request):
            try:
                req = request.getRequest()
                name = type(req).__name__
            except Exception as e:  # record what we can rather than fail the load
                req, name = None, "unreadable request (%s)" % e
            short = name.rsplit(".", 1)[-1]
            conts = list(request.getContinuations() or ())
            approve = [c for c in conts if has_interface(c, "com.sun.star.task.XInteractionApprove")]
            abort = [c for c in conts if has_interface(c, "com.sun.star.task.XInteractionAbort")]
            if short == "BrokenPackageRequest":
                what = "%s is corrupt" % (getattr(req, "aName", "") or "the file")
                what += "; repair approved" if approve else "; repair failed"
                if approve:
                    self.repair_approved = True
            elif short == "ErrorCodeRequest":
                what = "error code 0x%08x" % (getattr(req, "ErrCode", 0) & 0xffffffff)
            elif short == "NoSuchFilterRequest":
                what = "no import filter recognizes the file"
            else:
                what = (getattr(req, "Message", "") or "").strip()
                if what.startswith("at ./"):
                    what = ""  # only where in LibreOffice's source it was raised
            self.events.append("%s: %s" % (short, what) if what else short)
            # Abort what cannot be approved (such as a filter choice): a
            # user would cancel a dialog the test cannot answer.
            chosen = (approve or abort or conts or [None])[0]
            if chosen is not None:
                chosen.select()

    return Handler()


def has_interface(obj, name):
    try:
        return any(t.typeName == name for t in obj.getTypes())
    except Exception:
        return False


def sheet_of(doc, name):
    sheets = doc.Sheets
    if not sheets.hasByName(name):
        raise Failure("no sheet %r in the document (sheets: %s)"
                      % (name, ", ".join(sheets.ElementNames)))
    return sheets.getByName(name)


def range_of(sheet, name, ref):
    try:
        return sheet.getCellRangeByName(ref)
    except Exception as e:
        raise Failure("%s!%s: not a cell or range (%s)" % (name, ref, e))


def read_range(doc, shown, tmp, rng, name, res):
    """Report each cell's shown string, type and formula into res.

    Calls over the pipe are what take time (above all for a cell object:
    pyuno inspects each new one), so no cell is fetched: the shown strings
    come from the sheet exported as CSV with contents as shown, the same
    text getString gives, and contents in three calls for the whole range.
    """
    from com.sun.star.sheet.CellFlags import FORMULA
    addr = rng.getRangeAddress()
    if name not in shown:
        shown[name] = shown_strings(doc, name, tmp)
    text = shown[name]
    formulas = rng.getFormulaArray()
    # Contents, or a formula's result: float, str ("" if empty), None for an error.
    data = rng.getDataArray()
    is_formula = covered(rng.queryContentCells(FORMULA), addr)
    for row, line in enumerate(data):
        for col, d in enumerate(line):
            r, c = addr.StartRow + row, addr.StartColumn + col
            key = "%s!%s%d" % (name, col_name(c), r + 1)
            res["values"][key] = text[r][c] if r < len(text) and c < len(text[r]) else ""
            if (row, col) in is_formula:
                res["formulas"][key] = formulas[row][col]
                res["types"][key] = "error" if d is None else "number" if isinstance(d, float) else "text"
            else:
                # A text cell is never "": typing "" deletes the contents.
                res["types"][key] = "number" if isinstance(d, float) else "text" if d else "empty"
    # Guard the CSV's alignment: its first and last cells with contents
    # must read as getString reads them.
    filled = [(row, col) for row, line in enumerate(data) for col, d in enumerate(line) if d != ""]
    for row, col in {filled[0], filled[-1]} if filled else ():
        r, c = addr.StartRow + row, addr.StartColumn + col
        key = "%s!%s%d" % (name, col_name(c), r + 1)
        want = rng.getCellByPosition(col, row).getString()
        if res["values"][key] != want:
            raise Failure("%s: the CSV export shows %r where getString gives %r"
                          % (key, res["values"][key], want))


def shown_strings(doc, name, tmp):
    """The sheet's cells as shown, by row and column from A1, via a CSV export."""
    index = list(doc.Sheets.ElementNames).index(name)
    d = tempfile.mkdtemp(prefix="csv-", dir=tmp)
    try:
        # Tokens: comma, double quote, UTF-8, line 1, -, document language,
        # quote all text no, -, contents as shown yes, formulas no, trim
        # no, sheet index+1 (LibreOffice names the file after the sheet).
        doc.storeToURL(path_url(os.path.join(d, "sheet.csv")), props(
            FilterName="Text - txt - csv (StarCalc)",
            FilterOptions="44,34,76,1,,0,false,false,true,false,false,%d" % (index + 1)))
        files = os.listdir(d)
        if len(files) != 1:
            raise Failure("exporting sheet %r as CSV made %d files: %s" % (name, len(files), files))
        with open(os.path.join(d, files[0]), newline="", encoding="utf-8") as f:
            return list(csv.reader(f))
    finally:
        shutil.rmtree(d, ignore_errors=True)


def read_protection(rng, name, res):
    """Report each cell's protection flags into res, a call per format run."""
    addr = rng.getRangeAddress()
    runs = rng.getUniqueCellFormatRanges()
    for i in range(runs.getCount()):
        run = runs.getByIndex(i)
        p = run.getPropertyValue("CellProtection")
        for row, col in covered(run, addr):
            a1 = "%s%d" % (col_name(addr.StartColumn + col), addr.StartRow + row + 1)
            res["locked"][name + "!" + a1] = bool(p.IsLocked)
            res["formula_hidden"][name + "!" + a1] = bool(p.IsFormulaHidden)


def covered(ranges, addr):
    """The (row, column) offsets within addr of the cells of SheetCellRanges."""
    out = set()
    for r in ranges.getRangeAddresses():
        for row in range(max(r.StartRow, addr.StartRow), min(r.EndRow, addr.EndRow) + 1):
            for col in range(max(r.StartColumn, addr.StartColumn), min(r.EndColumn, addr.EndColumn) + 1):
                out.add((row - addr.StartRow, col - addr.StartColumn))
    return out


def run_job(office, job, in_path, out_path, deadline):
    ctx, desktop = office.launch(deadline)
    try:
        handler = make_handler()
        # Load a private copy, as a student opens their own file: two runs
        # on one input would otherwise meet each other's file locks.
        # MacroExecutionMode 0 (NEVER_EXECUTE) loads .xlsm without asking.
        copy = os.path.join(office.workdir, "in", os.path.basename(in_path))
        os.mkdir(os.path.dirname(copy))
        shutil.copyfile(in_path, copy)
        doc = desktop.loadComponentFromURL(
            path_url(copy), "_blank", 0,
            props(Hidden=True, ReadOnly=False, MacroExecutionMode=0,
                  InteractionHandler=handler))
        if doc is None or not hasattr(doc, "Sheets"):
            raise Failure("Calc could not load %s%s" % (
                in_path, (": " + "; ".join(handler.events)) if handler.events else ""))
        try:
            return work(doc, handler, job, out_path, office.workdir)
        finally:
            try:
                doc.close(True)
            except Exception:
                pass
    finally:
        try:
            office.terminating = True
            desktop.terminate()
        except Exception:
            pass  # the bridge goes down with soffice


def work(doc, handler, job, out_path, tmp):
    """Apply the job to the loaded document and return the report."""
    repaired = handler.repair_approved
    try:
        for a in doc.getArgs():
            if a.Name == "RepairPackage" and a.Value:
                repaired = True
    except Exception:
        pass

    refused = []
    for i, s in enumerate(job["set"]):
        name, ref, text = s.get("sheet"), s.get("cell"), s.get("input")
        sheet = sheet_of(doc, name)
        rng = range_of(sheet, name, ref)
        a = rng.getRangeAddress()
        if a.StartColumn != a.EndColumn or a.StartRow != a.EndRow:
            raise Failure("set[%d]: %s!%s is a range, not one cell" % (i, name, ref))
        cell = rng.getCellByPosition(0, 0)
        # Calc's UI refuses input into a locked cell of a protected
        # sheet. The API writes values past protection but not deletions,
        # so the refusal is made here, the same for both.
        if sheet.isProtected() and cell.getPropertyValue("CellProtection").IsLocked:
            refused.append("%s!%s%d" % (name, col_name(a.StartColumn), a.StartRow + 1))
            continue
        if text.startswith("'"):
            cell.setString(text[1:])  # as typing '4 in Calc: the text "4"
        else:
            cell.setFormula(text)

    doc.calculateAll()

    res = {"values": {}, "types": {}, "formulas": {}, "locked": {},
           "formula_hidden": {}, "protected": {}, "sheets": list(doc.Sheets.ElementNames)}
    shown = {}  # sheet name -> rows of shown strings
    for rd in job["read"]:
        name, ref = rd.get("sheet"), rd.get("range")
        read_range(doc, shown, tmp, range_of(sheet_of(doc, name), name, ref), name, res)
    for pr in job["protection"]:
        name, ref = pr.get("sheet"), pr.get("range")
        read_protection(range_of(sheet_of(doc, name), name, ref), name, res)
    for name in res["sheets"]:
        res["protected"][name] = bool(doc.Sheets.getByName(name).isProtected())

    if out_path:
        doc.storeToURL(path_url(out_path),
                       props(FilterName="Calc Office Open XML", Overwrite=True))
    res["refused"] = refused
    res["load_errors"] = handler.events
    res["repaired"] = repaired
    return res


# Set once the watchdog gives up on the run; the main thread then leaves
# the exit (and its status) to the watchdog.
ABANDONED = threading.Event()


def abandon(office, code):
    ABANDONED.set()
    office.kill()
    office.remove_pipes()
    shutil.rmtree(office.workdir, ignore_errors=True)
    sys.stderr.flush()
    os._exit(code)


def watchdog(office, deadline, wake_fd, cleaning, done):
    """Kill soffice and exit when the deadline passes or a signal arrives.

    Runs in its own thread so it works while the main thread is blocked in
    a UNO call (Python-level signal handlers would wait for that call).
    Once the main thread is cleaning up it gets CLEANUP_GRACE more seconds.
    """
    while not done.is_set():
        left = deadline - time.monotonic()
        if left <= 0 and cleaning.is_set():
            deadline = max(deadline, cleaning.started + CLEANUP_GRACE)
            left = deadline - time.monotonic()
        if left <= 0:
            tail = office.log_tail()
            log("timed out; killing soffice" + (": " + tail if tail else ""))
            abandon(office, 3)
        r, _, _ = select.select([wake_fd], [], [], min(left, 0.5))
        if r:
            try:
                data = os.read(wake_fd, 16)
            except BlockingIOError:
                continue
            if data:
                log("got signal %d; killing soffice" % data[0])
                abandon(office, 128 + data[0])


def check_job(job):
    """Return the job with every list present, or raise ValueError saying what is wrong."""
    if not isinstance(job, dict):
        raise ValueError("job must be a JSON object")
    fields = {"set": ("sheet", "cell", "input"), "read": ("sheet", "range"),
              "protection": ("sheet", "range")}
    unknown = set(job) - set(fields) - {"timeout"}
    if unknown:
        raise ValueError("job has unknown keys %s (known: set, read, protection, timeout)"
                         % ", ".join(sorted(unknown)))
    out = {}
    for key, want in fields.items():
        items = job.get(key)
        if items is None:
            items = []
        if not isinstance(items, list):
            raise ValueError("job %s must be a list" % key)
        for i, item in enumerate(items):
            if (not isinstance(item, dict) or set(item) != set(want)
                    or not all(isinstance(item[k], str) for k in want)):
                raise ValueError("%s[%d]: want {%s} with strings, got %s"
                                 % (key, i, ", ".join('"%s"' % k for k in want), json.dumps(item)))
        out[key] = items
    t = job.get("timeout")
    if t is None:
        t = DEFAULT_TIMEOUT
    if isinstance(t, bool) or not isinstance(t, (int, float)) or t <= 0:
        raise ValueError("job timeout must be a positive number of seconds")
    out["timeout"] = float(t)
    return out


def main(argv):
    if len(argv) != 3:
        log("usage: calc.py IN.xlsx OUT.xlsx < job.json (OUT may be \"\" to skip saving)")
        return 2
    in_path, out_path = argv[1], argv[2]
    if not os.path.isfile(in_path):
        log("%s: no such file" % in_path)
        return 1
    try:
        job = json.load(sys.stdin)
    except ValueError as e:
        log("job on stdin is not JSON: %s" % e)
        return 2
    try:
        job = check_job(job)
    except ValueError as e:
        log(str(e))
        return 2
    deadline = time.monotonic() + job["timeout"]

    # Signals reach the watchdog through a wakeup fd even while the main
    # thread waits in C code.
    rfd, wfd = os.pipe()
    os.set_blocking(rfd, False)
    os.set_blocking(wfd, False)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: None)
    signal.set_wakeup_fd(wfd)

    workdir = tempfile.mkdtemp(prefix="xlsudoku-calc-")
    office = Office(workdir)
    done = threading.Event()
    cleaning = threading.Event()
    threading.Thread(target=watchdog, args=(office, deadline, rfd, cleaning, done), daemon=True).start()
    code = 0
    try:
        res = run_job(office, job, os.path.abspath(in_path),
                      os.path.abspath(out_path) if out_path else "", deadline)
        sys.stdout.write(json.dumps(res, ensure_ascii=False, sort_keys=True) + "\n")
        sys.stdout.flush()
    except Failure as e:
        if not ABANDONED.is_set():  # else the watchdog has said why
            log(str(e))
        code = 1
    except Exception as e:  # UNO exceptions carry their own messages
        if not ABANDONED.is_set():
            log("%s: %s" % (type(e).__name__, getattr(e, "Message", "") or e))
            tail = office.log_tail()
            if tail:
                log("soffice output: " + tail)
        code = 1
    finally:
        cleaning.started = time.monotonic()
        cleaning.set()
        office.kill(grace=10 if office.terminating else 0)
        office.remove_pipes()
        shutil.rmtree(workdir, ignore_errors=True)
        done.set()
    return code


if __name__ == "__main__":
    code = main(sys.argv)
    while ABANDONED.is_set():
        time.sleep(1)  # the watchdog is killing soffice and will exit
    sys.stdout.flush()
    sys.stderr.flush()
    # The UNO bridge's threads can hold up interpreter shutdown once soffice is gone.
    os._exit(code)
