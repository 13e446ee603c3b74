#!/usr/bin/python3
"""Drive LibreOffice Calc the way a student would, for the workbook tests.

Usage: /usr/bin/python3 calc.py IN.xlsx OUT.xlsx < job.json

The job (JSON on stdin; every key optional):

  {"set": [{"sheet": "Puzzle 1", "cell": "C2", "input": "5"}, ...],
   "read": [{"sheet": "Puzzle 1", "range": "B12"}, ...],
   "protection": [{"sheet": "Puzzle 1", "range": "B2:J10"}],
   "timeout": 120}

It starts a private headless soffice (its own profile in a temporary
directory, its own named pipe), loads a copy of IN hidden, types each "set"
input into its cell in order (XCell.setFormula: English-locale input
parsing, so "5" is a number, "A" text, "=..." a formula; "" deletes the
cell's contents as the Delete key does), recalculates everything, stores
the document to OUT with the "Calc Office Open XML" filter (OUT "" skips
saving), and prints one JSON object:

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

A "set" into a locked cell of a protected sheet is not typed but listed in
"refused", as Calc's UI refuses it. The scripting API itself writes values
past sheet protection (though it silently drops deletions there), so this
refusal only mirrors the flags that "locked" and "protected" report: it
does not test that Calc enforces them.

Failures exit non-zero with a message on stderr. soffice is always killed,
and the whole run is bounded by the timeout (a watchdog thread kills soffice
and exits even if a UNO call blocks). SIGTERM, SIGINT and SIGHUP are handled
the same way, so a caller that cancels with SIGTERM leaves nothing behind.
"""

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

    def start(self):
        args = [
            find_soffice(),
            "-env:UserInstallation=" + self.profile_url,
            "--headless", "--invisible", "--nologo", "--norestore",
            "--nodefault", "--nolockcheck", "--nofirststartwizard",
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % self.pipe,
        ]
        logf = open(self.logpath, "wb")
        try:
            with self.lock:
                self.proc = subprocess.Popen(
                    args, stdin=subprocess.DEVNULL, stdout=logf, stderr=logf,
                    start_new_session=True, cwd=self.workdir)
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

    def connect(self, deadline):
        """Connect over UNO, retrying while soffice starts up."""
        import uno
        from com.sun.star.connection import NoConnectException

        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local)
        url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % self.pipe
        delay = 0.1
        while True:
            code = self.proc.poll()
            if code is not None:
                raise Failure("soffice exited with status %d before accepting a connection: %s"
                              % (code, self.log_tail() or "(no output)"))
            try:
                ctx = resolver.resolve(url)
                smgr = ctx.ServiceManager
                desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
                if desktop is not None:
                    return ctx, desktop
            except NoConnectException:
                pass
            if time.monotonic() + delay > deadline:
                raise Failure("soffice did not accept a UNO connection in time: %s"
                              % (self.log_tail() or "(no output)"))
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


def cells(rng):
    addr = rng.getRangeAddress()
    for r in range(addr.EndRow - addr.StartRow + 1):
        for c in range(addr.EndColumn - addr.StartColumn + 1):
            cell = rng.getCellByPosition(c, r)
            yield "%s%d" % (col_name(addr.StartColumn + c), addr.StartRow + r + 1), cell


def cell_type(cell, t):
    """The type of what cell shows, given its content type t."""
    from com.sun.star.table.CellContentType import EMPTY, VALUE, TEXT
    if t == EMPTY:
        return "empty"
    if t == VALUE:
        return "number"
    if t == TEXT:
        return "text"
    if cell.getError() != 0:
        return "error"
    # com.sun.star.sheet.FormulaResult: VALUE 1, STRING 2, ERROR 4.
    res = cell.getPropertyValue("FormulaResultType2")
    if res == 2:
        return "text"
    if res == 4:
        return "error"
    return "number"


def run_job(office, job, in_path, out_path, deadline):
    office.start()
    ctx, desktop = office.connect(deadline)
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
            return work(doc, handler, job, out_path)
        finally:
            try:
                doc.close(True)
            except Exception:
                pass
    finally:
        try:
            desktop.terminate()
        except Exception:
            pass  # the bridge goes down with soffice


def work(doc, handler, job, out_path):
    """Apply the job to the loaded document and return the report."""
    repaired = handler.repair_approved
    try:
        for a in doc.getArgs():
            if a.Name == "RepairPackage" and a.Value:
                repaired = True
    except Exception:
        pass

    from com.sun.star.table.CellContentType import FORMULA as FORMULA_CELL
    refused = []
    for i, s in enumerate(job.get("set") or []):
        name, ref, text = s.get("sheet"), s.get("cell"), s.get("input")
        if not isinstance(name, str) or not isinstance(ref, str) or not isinstance(text, str):
            raise Failure("set[%d]: want {\"sheet\": str, \"cell\": str, \"input\": str}, got %r" % (i, s))
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
        cell.setFormula(text)

    doc.calculateAll()

    res = {"values": {}, "types": {}, "formulas": {}, "locked": {},
           "formula_hidden": {}, "protected": {}, "sheets": list(doc.Sheets.ElementNames)}
    for i, rd in enumerate(job.get("read") or []):
        name, ref = rd.get("sheet"), rd.get("range")
        if not isinstance(name, str) or not isinstance(ref, str):
            raise Failure("read[%d]: want {\"sheet\": str, \"range\": str}, got %r" % (i, rd))
        for a1, cell in cells(range_of(sheet_of(doc, name), name, ref)):
            key = name + "!" + a1
            res["values"][key] = cell.getString()
            t = cell.getType()
            res["types"][key] = cell_type(cell, t)
            if t == FORMULA_CELL:
                res["formulas"][key] = cell.getFormula()
    for i, pr in enumerate(job.get("protection") or []):
        name, ref = pr.get("sheet"), pr.get("range")
        if not isinstance(name, str) or not isinstance(ref, str):
            raise Failure("protection[%d]: want {\"sheet\": str, \"range\": str}, got %r" % (i, pr))
        for a1, cell in cells(range_of(sheet_of(doc, name), name, ref)):
            p = cell.getPropertyValue("CellProtection")
            res["locked"][name + "!" + a1] = bool(p.IsLocked)
            res["formula_hidden"][name + "!" + a1] = bool(p.IsFormulaHidden)
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
    if not isinstance(job, dict):
        log("job on stdin must be a JSON object")
        return 2
    try:
        timeout = float(job.get("timeout") or DEFAULT_TIMEOUT)
    except (TypeError, ValueError):
        log("job timeout must be a number of seconds")
        return 2
    deadline = time.monotonic() + timeout

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
        office.kill(grace=10)
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
