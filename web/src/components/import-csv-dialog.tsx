// CSV import (spec §2, §5): choose a file, check it is a CSV, upload; a template can be downloaded.
import { Download } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { csvFileError } from '../lib/csv-file';
import { FormError } from './form-error';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';
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
  /** Uploads the file; resolves true when done (the dialog closes), false to keep it open. */
  onImport(file: File): Promise<boolean>;
}

export function ImportCsvDialog({ open, onOpenChange, ...props }: ImportCsvDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts with an empty form. */}
        {open ? <ImportForm onClose={() => onOpenChange(false)} {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({
  title,
  description,
  template,
  templateFileName,
  onImport,
  onClose,
}: Omit<ImportCsvDialogProps, 'open' | 'onOpenChange'> & { onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = csvFileError(file);
    setError(problem);
    if (problem || !file) return;
    setBusy(true);
    const done = await onImport(file);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <FormError message={error} />
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
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Importing...' : 'Import'}
        </Button>
      </DialogFooter>
    </form>
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
