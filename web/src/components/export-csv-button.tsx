// An export button (docs/screens.md: 'Export CSV' and 'Download price history'): fetches the file with the
// session's token, then the browser saves it; a failure shows the server's message.
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { DownloadedFile } from '../api/client';
import { notifyError } from '../lib/notify';
import { saveFile, saveLinkedFile } from '../lib/save-file';
import { Button } from './ui/button';

export function ExportCsvButton({
  fetchFile,
  label = 'Export CSV',
  failure,
}: {
  fetchFile(): Promise<DownloadedFile>;
  label?: string;
  /** The toast when the server sent no message, e.g. 'Failed to export the dashboard'. */
  failure: string;
}) {
  const [busy, setBusy] = useState(false);
  const exportFile = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      if ('link' in file) saveLinkedFile(file.link);
      else saveFile(file.blob, file.fileName);
    } catch (error) {
      notifyError(error, failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void exportFile()} disabled={busy} aria-busy={busy}>
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}
