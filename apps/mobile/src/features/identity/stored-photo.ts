import { uploadFilePath } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';

// A stored, private upload (an ID photo) shown back to its owner. `GET /api/uploads/{id}` needs the
// session headers, so an <img src> cannot load it: the bytes are fetched with the app's client,
// cached as a Blob (an upload never changes), and shown through a blob URL that is revoked when the
// image leaves the screen.

export const uploadQueries = {
  all: ['uploads'] as const,
  file: (id: string) =>
    queryOptions({
      queryKey: [...uploadQueries.all, id],
      queryFn: () => api.fetchFile(uploadFilePath(id)),
      staleTime: Infinity,
      // Photos are large: drop the bytes soon after the screen closes.
      gcTime: 60_000,
      retry: false,
    }),
};

/** A blob URL for `blob`, created on mount or change and revoked on unmount or change. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The stored photo's state: loading, failed, or its blob URL. */
export function useStoredPhoto(id: string) {
  const query = useQuery(uploadQueries.file(id));
  const url = useObjectUrl(query.data);
  return { url, isPending: query.isPending, isError: query.isError };
}
