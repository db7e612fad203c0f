import { useEffect, useState } from 'react';
import { API_BASE, CommonRoutes } from '@ztj/contracts';
import { http } from './httpClient';
import { saveBlob } from './saveBlob';

/** Path of the static route under the API base: `/sys/common/static`. */
const STATIC_PATH = CommonRoutes.static.path.replace(/\/\*$/, '');

/**
 * What to request for a stored file (SPEC §7 static): its path under the API base
 * (`/sys/common/static/avatar/x.png`) for a stored path (`avatar/x.png`), a static route path or
 * the same with the base (`/ztj-iot/sys/…`); an absolute `http(s)` URL (an outside file) is
 * returned as it is. Undefined for an empty value.
 */
export function storedFileRequest(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (/^https?:\/\//i.test(value)) return value;
  const path = value.startsWith(`${API_BASE}/`) ? value.slice(API_BASE.length) : value;
  return path.startsWith('/sys/') ? path : `${STATIC_PATH}/${path.replace(/^\/+/, '')}`;
}

/**
 * Fetches a stored file with the session headers (`X-Access-Token`, `tenant-id`): the server
 * serves files only to signed-in members of the owning tenant, and a browser cannot put
 * headers on `<img src>` or a link. Failures other than 401 are not notified.
 * @param value a stored path or static route path (see {@link storedFileRequest}).
 * @throws ApiError when the server refuses (401, 404) or the network fails.
 */
export async function fetchStoredFile(value: string, signal?: AbortSignal): Promise<Blob> {
  const response = await http.get<Blob>(storedFileRequest(value)!, { responseType: 'blob', silent: true, signal });
  return response.data;
}

/**
 * An object URL of a stored file for `<img src>` / `<Avatar src>`: fetched with the session
 * headers, undefined while loading, when `value` is empty or when the file cannot be read; an
 * outside `http(s)` URL is returned as it is. The object URL is revoked when `value` changes and
 * on unmount.
 */
export function useStoredFileUrl(value: string | null | undefined): string | undefined {
  const target = storedFileRequest(value);
  const external = target !== undefined && /^https?:\/\//i.test(target);
  const [objectUrl, setObjectUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!target || external) return undefined;
    const abort = new AbortController();
    let created: string | undefined;
    fetchStoredFile(target, abort.signal)
      .then((blob) => {
        if (abort.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(undefined);
    };
  }, [target, external]);
  return external ? target : objectUrl;
}

/**
 * Downloads a stored file (with the session headers) and saves it as `fileName`.
 * @throws ApiError when the server refuses or the network fails.
 */
export async function saveStoredFile(value: string, fileName: string): Promise<void> {
  saveBlob(await fetchStoredFile(value), fileName);
}
