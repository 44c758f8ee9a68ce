// What pagegen writes for a public document goes into Generated/ (real-documents.sh);
// this file keeps the target buildable without it.
import PagegenRuntime
