// SPDX-License-Identifier: GPL-2.0
/*
 * Opening a run's target as its caller would: the checks of open(2) with
 * the caller's credentials, on the file the path names when it is of the
 * kind the engine drives, and nothing opened when it is not.
 *
 * A path is resolved once, with O_PATH: that opens nothing (no FIFO
 * waits for a writer, no character device runs its open), and checks
 * nothing but the search of the directories on the way. Its kind is
 * checked on that; then that same inode is opened, the path never
 * walked again, so that nothing swapped in meanwhile is opened instead.
 * The open is open(2)'s last step without its walk: what may_open()
 * (fs/namei.c, static) checks of a regular file or a device node,
 * inode_permission() with MAY_OPEN through path_permission(), then
 * dentry_open(), whose vfs_open() runs security_file_open() (the LSMs)
 * and takes write access (a read-only mount, a running executable).
 * dentry_open() alone checks no permission: it opens for a caller that
 * already has, as overlayfs does; file_open_root() walks a name again
 * from a root, and a regular file cannot be one (its walk needs search
 * permission on it); kernel_file_open() is dentry_open() on a given
 * inode, 6.6 on, and checks nothing either.
 *
 * Netlink handlers run in the task that sent the request, so the
 * credentials are the caller's: current_cred(). (ima_file_check(),
 * which open(2) calls after, is not called: since 6.9 IMA hooks the
 * open itself, and before that it measures, for a policy that asks.)
 */

#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/namei.h>

#include "ssdk.h"

/**
 * ssdk_target_open() - Open a run's target if it is of a given kind.
 * @name: The path, resolved in the caller's namespaces, symlinks followed.
 * @flags: O_RDONLY or O_RDWR, with O_DIRECT, O_LARGEFILE...; not O_CREAT,
 *	O_TRUNC or O_APPEND.
 * @type: S_IFREG or S_IFBLK: what the target must be.
 * @found: Set to the kind found (i_mode & S_IFMT) when the path resolves.
 *
 * Context: Process context, as the caller (a netlink handler).
 * Return: The open file, or an ERR_PTR(): the lookup's error (-ENOENT...),
 * -EMEDIUMTYPE when the target is not of @type (see @found), nothing
 * opened, or the open's (-EACCES, -EPERM, -EROFS, -ETXTBSY...).
 */
struct file *ssdk_target_open(const char *name, int flags, umode_t type, umode_t *found)
{
	int mask = MAY_OPEN | MAY_READ;
	struct file *opath, *file;
	struct inode *inode;
	int ret;

	*found = 0;
	opath = filp_open(name, O_PATH, 0);
	if (IS_ERR(opath))
		return opath;
	inode = file_inode(opath);
	*found = inode->i_mode & S_IFMT;
	ret = -EMEDIUMTYPE;
	if (*found != type)
		goto out_put;

	/* may_open()'s checks for the two kinds, then the permission's. */
	if ((flags & O_ACCMODE) != O_RDONLY)
		mask |= MAY_WRITE;
	ret = -EACCES;
	if (S_ISBLK(inode->i_mode) && (opath->f_path.mnt->mnt_flags & MNT_NODEV))
		goto out_put;
	ret = path_permission(&opath->f_path, mask);
	if (ret)
		goto out_put;
	ret = -EPERM;
	if (IS_APPEND(inode) && (mask & MAY_WRITE))
		goto out_put;

	file = dentry_open(&opath->f_path, flags, current_cred());
	fput(opath);
	return file;

out_put:
	fput(opath);
	return ERR_PTR(ret);
}
