// CSV import (docs/screens.md#import-products-dialog): choose a file, check it is a CSV, upload; a template
// can be downloaded.
import type { ImportResult } from '@cmp/shared';
import { Download, Upload } from 'lucide-react';
import { type ComponentType, type FormEvent, useEffect, useId, useState } from 'react';
import { csvFileError } from '../lib/csv-file';
import { notifyImportFailure, notifyImportResult } from '../lib/notify';
import { DialogForm, FormDialog } from './form-dialog';
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
  /** Sends the file to the server, which answers with the rows imported and the rows skipped. */
  upload(file: File): Promise<ImportResult>;
  /** What the rows are, for 'Successfully imported N <noun>'. */
  noun: string;
  /** The failure toast when the server sent no message, e.g. 'Failed to import products'. */
  failure: string;
  /** After an import: reload what it changed. */
  onImported(): void;
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
}: Omit<ImportCsvDialogProps, 'open' | 'onOpenChange'> & { onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  // The dialog stays open after a failed upload, so the file can be sent again.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = csvFileError(file);
    setError(problem);
    if (problem || !file) return;
    setBusy(true);
    try {
      notifyImportResult(await upload(file), noun);
      onImported();
      onClose();
    } catch (caught) {
      notifyImportFailure(caught, failure);
      setBusy(false);
    }
  };

  return (
    <DialogForm
      title={title}
      description={description}
      error={error}
      busy={busy}
      submitLabel="Import"
      busyLabel="Importing..."
      onSubmit={submit}
      onCancel={onClose}
    >
      <fieldset disabled={busy} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-file`}>CSV file</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </fieldset>
      <TemplateLink csv={template} fileName={templateFileName} />
    </DialogForm>
  );
}

/** A real link to a Blob of the template, so it works by keyboard and 'Save link as'. */
function TemplateLink({ csv, fileName }: { csv: string; fileName: string }) {
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
      Download template
    </a>
  );
}
