/**
 * nginx as `tests/server/proxy.test.ts` and `npm run bench:web -- --h2` run it: in the
 * foreground, with everything it writes in one folder of its own, as root or not.
 */
import fs from 'node:fs';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file)) ?? 'nginx';

/** A whole nginx.conf keeping its files under `dir`, around `http` (the inside of its http block). */
export function nginxConf(dir: string, http: string): string {
  return `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}
