// CSV import (docs/screens.md#import-products-dialog): choose a file, check it is a CSV, optionally
// preview what it would do, upload; a template can be downloaded.
import { type ImportJob, type RowError, rowErrorsCsv, rowErrorText } from '@cmp/shared';
import { Download, Upload } from 'lucide-react';
import { type ComponentType, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { finishImport, type ImportAnswer } from '../api/imports';
import { csvFileError } from '../lib/csv-file';
import { notifyImportFailure, notifyImportResult } from '../lib/notify';
import { DialogForm, FormDialog } from './form-dialog';
import { invalidInput } from './form-error';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';

export interface ImportCsvDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The template's CSV text and the name it downloads under. */
  template: string;
  templateFileName: string;
  /**
   * Sends the file to the server, which answers with the rows imported and the rows skipped, or
   * with the import's job when it takes longer (the dialog then shows its progress to the end).
   */
  upload(file: File): Promise<ImportAnswer>;
  /** What the rows are, for 'Successfully imported N <noun>'. */
  noun: string;
  /** The failure toast when the server sent no message, e.g. 'Failed to import products'. */
  failure: string;
  /** After an import: reload what it changed. */
  onImported(): void;
  /**
   * When set, the file is first sent here, to a preview that writes nothing; the dialog shows its
   * changes and every row error, and only 'Import' then uploads the file.
   */
  preview?(file: File): Promise<ImportPreview>;
}

/** What a preview shows: the changes, rendered by the page that knows them, and the row errors. */
export interface ImportPreview {
  changes: ReactNode;
  errors: RowError[];
}

export function ImportCsvDialog({ open, onOpenChange, ...props }: ImportCsvDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ImportForm onClose={() => onOpenChange(false)} {...props} />
    </FormDialog>
  );
}

/** A page header's 'Import CSV' button, with the page's import dialog that it opens. */
export function ImportCsvButton({
  dialog: ImportDialog,
}: {
  dialog: ComponentType<Pick<ImportCsvDialogProps, 'open' | 'onOpenChange'>>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        Import CSV
      </Button>
      <ImportDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function ImportForm({
  title,
  description,
  template,
  templateFileName,
  upload,
  noun,
  failure,
  onImported,
  onClose,
  preview,
}: Omit<ImportCsvDialogProps, 'open' | 'onOpenChange'> & { onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewed, setPreviewed] = useState<ImportPreview | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const id = useId();
  const previewing = preview !== undefined && previewed === null;

  // The dialog stays open after a failed upload, so the file can be sent again.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = csvFileError(file);
    setError(problem);
    if (problem || !file) return;
    setBusy(true);
    if (previewing) {
      try {
        setPreviewed(await preview(file));
      } catch (caught) {
        notifyImportFailure(caught, failure);
      }
      setBusy(false);
      return;
    }
    try {
      // Closing the dialog meanwhile leaves the import going: its toasts still come at its end.
      notifyImportResult(await finishImport(await upload(file), setJob), noun);
      onImported();
      onClose();
    } catch (caught) {
      notifyImportFailure(caught, failure);
      setBusy(false);
      setJob(null);
    }
  };

  return (
    <DialogForm
      title={title}
      description={description}
      error={error}
      errorId={`${id}-error`}
      busy={busy}
      submitLabel={previewing ? 'Preview' : 'Import'}
      busyLabel={previewing ? 'Checking...' : 'Importing...'}
      onSubmit={submit}
      closeWhileBusy={job !== null}
    >
      <fieldset disabled={busy} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-file`}>CSV file</Label>
        <Input
          id={`${id}-file`}
          {...invalidInput(`${id}-error`, error !== null)}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            // A message about the file shown before is checked again against the new one: a CSV clears it.
            setError((shown) => shown && csvFileError(chosen));
            // Another file needs its own preview before it can be imported.
            setPreviewed(null);
          }}
        />
      </fieldset>
      <CsvLink csv={template} fileName={templateFileName} label="Download template" />
      {job && <ImportProgress job={job} />}
      {previewed && (
        <section
          aria-label="Preview"
          className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto border-t pt-3"
        >
          {previewed.changes}
          <RowErrors errors={previewed.errors} />
        </section>
      )}
    </DialogForm>
  );
}

/** A long import's progress, announced politely as it moves. */
function ImportProgress({ job }: { job: ImportJob }) {
  const labelId = useId();
  const rows = (n: number) => n.toLocaleString('en-GB');
  return (
    <div className="flex flex-col gap-1 border-t pt-3">
      <p id={labelId} role="status" className="text-sm">
        {/* A long import is queued again between runs of its function, with rows done already. */}
        {job.status === 'queued' && job.processed_rows === 0
          ? `Waiting to start: ${rows(job.total_rows)} rows`
          : `Imported ${rows(job.processed_rows)} of ${rows(job.total_rows)} rows`}
      </p>
      <progress
        aria-labelledby={labelId}
        className="h-2 w-full accent-primary"
        max={Math.max(job.total_rows, 1)}
        value={job.processed_rows}
      />
      <p className="text-sm text-muted-foreground">
        You can close this dialog: the import goes on, and its result shows when it ends.
      </p>
    </div>
  );
}

/** A real link to a Blob of a CSV text, so it works by keyboard and 'Save link as'. */
function CsvLink({ csv, fileName, label }: { csv: string; fileName: string; label: string }) {
  const [href, setHref] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [csv]);
  return (
    <a
      href={href}
      download={fileName}
      className="inline-flex w-fit items-center gap-1 text-sm text-info underline-offset-4 hover:underline"
    >
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

/** Every row error of a preview, listed in full, and as a CSV file (Row, SKU, Message). */
function RowErrors({ errors }: { errors: readonly RowError[] }) {
  const headingId = useId();
  if (errors.length === 0) return <p className="text-sm">No row errors.</p>;
  return (
    <div className="flex flex-col gap-1">
      <h3 id={headingId} className="text-sm font-semibold">
        Row errors ({errors.length}), skipped on import
      </h3>
      <ul aria-labelledby={headingId} className="list-disc pl-5 text-sm text-destructive">
        {errors.map((error) => (
          <li key={error.row}>{rowErrorText(error)}</li>
        ))}
      </ul>
      <CsvLink
        csv={rowErrorsCsv(errors)}
        fileName="import-row-errors.csv"
        label="Download row errors (CSV)"
      />
    </div>
  );
}
