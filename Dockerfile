# The app image: API, projectors and the built SPA in one Node process. Configure it with environment variables
# (README "Configuration"); in production always set DATABASE_URL, AUTH_SECRET and PUBLIC_URL.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app and the server's build (api/dist), as `npm start` makes them.
RUN npm run prestart
ENV NODE_ENV=production PORT=3000 DATA_DIR=/var/lib/booking
RUN mkdir -p /var/lib/booking && chown node:node /var/lib/booking
EXPOSE 3000
USER node
# As package.json's start runs it (api/build-server.ts says why the flag).
CMD ["node", "--heap-growing-percent=30", "api/dist/main.js"]
