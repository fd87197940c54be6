// The object store in any S3-compatible bucket.
import { AwsClient } from "aws4fetch";
import { contentTypeForKey, isPrivateKey, type ObjectStore } from "./object-store.server";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Any S3-compatible service (AWS, R2, MinIO…), signed with SigV4 by aws4fetch; path-style with an endpoint. */
export function s3Store(config: S3Config): ObjectStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  });
  const base = config.endpoint
    ? `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const urlOf = (key: string) => `${base}/${key}`;
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: "PUT",
        body: body as Uint8Array<ArrayBuffer>,
        headers: {
          "Content-Type": contentType,
          "Cache-Control": isPrivateKey(key) ? "private, no-store" : "public, max-age=31536000, immutable",
        },
      });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed with ${res.status}: ${await res.text()}`);
    },
    async get(key, rangeHeader) {
      const headers: Record<string, string> = {};
      if (rangeHeader && /^bytes=\d*-\d*$/.test(rangeHeader)) headers.Range = rangeHeader;
      const res = await client.fetch(urlOf(key), { headers });
      if (res.status === 404 || res.status === 403) return undefined;
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed with ${res.status}`);
      const contentRange = res.headers.get("content-range")?.match(/bytes (\d+)-(\d+)\/(\d+)/);
      return {
        body: res.body,
        size: contentRange ? Number(contentRange[3]) : Number(res.headers.get("content-length") ?? 0),
        contentType: contentTypeForKey(key),
        range: contentRange ? { start: Number(contentRange[1]), end: Number(contentRange[2]) } : undefined,
      };
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
    },
    // ListObjectsV2, a page of up to 1,000 keys at a time. Our keys are plain ASCII (isSafeKey), so reading the
    // <Key> and <Size> elements out of the XML answer needs no XML parser; any other key is decoded and passed on.
    async *list() {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({
          "list-type": "2",
          ...(token ? { "continuation-token": token } : {}),
        });
        const res = await client.fetch(`${base}?${query}`);
        if (!res.ok) throw new Error(`S3 LIST failed with ${res.status}: ${await res.text()}`);
        const xml = await res.text();
        for (const [, item = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = item.match(/<Key>([^<]*)<\/Key>/)?.[1];
          const size = Number(item.match(/<Size>(\d+)<\/Size>/)?.[1] ?? 0);
          if (key) yield { key: decodeXml(key), size };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? decodeXml(xml.match(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/)?.[1] ?? "")
          : undefined;
      } while (token);
    },
  };
}

function decodeXml(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}
