// Use the system Chromium: nothing may download a browser at install time.
module.exports = { skipDownload: true };
